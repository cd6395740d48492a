/** Blog posts: the list and one post. */
import type { Post } from '@shop/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const POSTS_SHOWN = 50;

export const postKeys = {
  all: ['posts'] as const,
  list: () => [...postKeys.all, 'list'] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
};

export const postsOptions = queryOptions({
  queryKey: postKeys.list(),
  queryFn: ({ signal }) => apiRequest<Post[]>('/api/posts', { query: { limit: POSTS_SHOWN }, signal }),
});

export function postOptions(id: string) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Post>(`/api/posts/${encodeURIComponent(id)}`, { signal }),
  });
}

export const usePosts = () => useQuery(postsOptions);
export const usePost = (id: string) => useQuery(postOptions(id));
