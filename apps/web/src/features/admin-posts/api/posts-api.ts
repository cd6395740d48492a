/** Blog posts: the paged list (X-Total-Count), one post, create, edit (JSON or multipart with an image) and delete. */
import type { Post } from '@shop/shared/content';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '@/lib/api-client.ts';

export const postKeys = {
  all: ['posts'] as const,
  list: (limit: number, offset: number) => [...postKeys.all, 'list', { limit, offset }] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
};

const postPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

export const postsQuery = (limit: number, offset: number) =>
  queryOptions({
    queryKey: postKeys.list(limit, offset),
    queryFn: ({ signal }) => apiRequestWithTotal<Post>('/api/posts', { query: { limit, offset }, signal }),
    placeholderData: keepPreviousData,
  });

export const postQuery = (id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: ({ signal }) => apiRequest<Post>(postPath(id), { signal }) });

export const usePosts = (limit: number, offset: number) => useQuery(postsQuery(limit, offset));
export const usePost = (id: string) => useQuery(postQuery(id));

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

function usePostWrite<V>(mutationFn: (variables: V) => Promise<Post>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      return queryClient.invalidateQueries({ queryKey: postKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

export const useCreatePost = () =>
  usePostWrite((write: PostWrite) => apiRequest<Post>('/api/posts/create', { method: 'POST', body: toBody(write) }));

export const useUpdatePost = (id: string) =>
  usePostWrite((write: PostWrite) => apiRequest<Post>(postPath(id), { method: 'PUT', body: toBody(write) }));

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ msg: string }>(postPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
