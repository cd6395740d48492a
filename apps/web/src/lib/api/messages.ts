/**
 * The back office's messages (the shop's e-mails): GET /api/messages (status, search and
 * paging on the server, newest first), GET /api/messages/:id (with its HTML and text as
 * they read) and POST /api/messages/:id/resend (a failed one only; 409 otherwise).
 */
import type { MessageDetail, MessageStatus, MessageView } from '@shop/shared/messages';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../api-client.ts';

export interface MessageListParams {
  /** '' for every state. */
  status: MessageStatus | '';
  search: string;
  limit: number;
  offset: number;
}

export const messageKeys = {
  all: ['admin', 'messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (params: MessageListParams) => [...messageKeys.lists(), params] as const,
  detail: (id: string) => [...messageKeys.all, 'detail', id] as const,
};

const path = (id: string) => `/api/messages/${encodeURIComponent(id)}`;

export const messagesOptions = (params: MessageListParams) =>
  queryOptions({
    queryKey: messageKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequestWithTotal<MessageView>('/api/messages', {
        query: { ...params, status: params.status || undefined, search: params.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const messageOptions = (id: string) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<MessageDetail>(path(id), { signal }),
  });

/** Queues a failed message again; the list and its preview are read again either way (its state may have moved on). */
export const resendMessageMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<MessageView>(`${path(id)}/resend`, { method: 'POST' }),
  onSettled: (_message, _error, _id, _result, { client }) => client.invalidateQueries({ queryKey: messageKeys.all }),
});
