/**
 * Blog posts: the storefront's list and one post; the back office's paged list
 * (X-Total-Count), create, edit (JSON, or multipart with an image) and delete.
 */
import type { Post } from '@shop/shared/content';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../api-client.ts';

/** How many posts the blog page shows. */
export const POSTS_SHOWN = 50;

export const postKeys = {
  all: ['posts'] as const,
  list: () => [...postKeys.all, 'list'] as const,
  page: (limit: number, offset: number) => [...postKeys.all, 'page', { limit, offset }] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
};

const postEndpoint = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

export const postsOptions = queryOptions({
  queryKey: postKeys.list(),
  queryFn: ({ signal }) => apiRequest<Post[]>('/api/posts', { query: { limit: POSTS_SHOWN }, signal }),
});

export const postOptions = (id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: ({ signal }) => apiRequest<Post>(postEndpoint(id), { signal }) });

export const postsPageOptions = (limit: number, offset: number) =>
  queryOptions({
    queryKey: postKeys.page(limit, offset),
    queryFn: ({ signal }) => apiRequestWithTotal<Post>('/api/posts', { query: { limit, offset }, signal }),
    placeholderData: keepPreviousData,
  });

export interface PostWrite {
  title: string;
  heading: string;
  text: string;
  /** A new image file. */
  image?: File | null;
  /** Edit only: remove the current image. */
  removeImage?: boolean;
}

function toBody({ image, removeImage, ...fields }: PostWrite): FormData | Record<string, unknown> {
  if (image) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('imageUrl', image);
    return form;
  }
  return removeImage ? { ...fields, imageUrl: null } : fields;
}

function postWrite<V>(mutationFn: (variables: V) => Promise<Post>) {
  return mutationOptions({
    mutationFn,
    onSuccess: (post, _variables, _result, { client }) => {
      client.setQueryData(postKeys.detail(post.id), post);
      return client.invalidateQueries({ queryKey: postKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

export const createPostMutation = postWrite((write: PostWrite) =>
  apiRequest<Post>('/api/posts/create', { method: 'POST', body: toBody(write) }),
);

export const updatePostMutation = (id: string) =>
  postWrite((write: PostWrite) => apiRequest<Post>(postEndpoint(id), { method: 'PUT', body: toBody(write) }));

export const deletePostMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ msg: string }>(postEndpoint(id), { method: 'DELETE' }),
  onSuccess: (_data, _id, _result, { client }) => client.invalidateQueries({ queryKey: postKeys.all }),
});
