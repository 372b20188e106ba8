import { chatImageUrls } from '@/shared/data/conversationImages.ts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { deleteConversation, getConversation, renameConversation, searchConversations } from '@/shared/data/conversations.ts';
import { useNotify } from '../notices.tsx';
import { QueryError, unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** The stored conversations: the history's pages (a search, a page at a time) and one conversation. */
export const conversationQueries = {
  search: (client: DataClient, query: { search: string; page: number }) =>
    queryOptions({
      queryKey: queryKeys.conversations.search(query),
      queryFn: async () => unwrap(await searchConversations(await client(), query)),
    }),
  /** Where a conversation's question images show (signed addresses last an hour). */
  images: (client: DataClient, paths: readonly string[]) =>
    queryOptions({
      queryKey: queryKeys.conversations.images(paths),
      queryFn: async () => unwrap(await chatImageUrls(await client(), paths)),
      enabled: paths.length > 0,
      staleTime: 30 * 60 * 1000,
    }),
  detail: (client: DataClient, id: string) =>
    queryOptions({
      queryKey: queryKeys.conversations.detail(id),
      queryFn: async () => unwrap(await getConversation(await client(), id)),
      // The screen holds the conversation as it goes on; asking again would only reset it.
      staleTime: Infinity,
    }),
};

/** Renames a stored conversation; History and the open conversation are read again afterwards. A rule's refusal has no notice (the dialog shows it). */
export function useRenameConversationMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) => unwrap(await renameConversation(await client(), id, title)),
    onSuccess: () => notify({ title: CONVERSATION_TEXTS.renamed }),
    onError: (error) => {
      if (!isRefusedByRule(error)) notify({ title: error.message, variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}

/** Deletes a stored conversation (answers whether it was there); History and the open conversation are read again afterwards. */
export function useDeleteConversationMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await deleteConversation(await client(), id)),
    onSuccess: (deleted) => {
      if (deleted) notify({ title: CONVERSATION_TEXTS.deleted });
    },
    onError: (error) => notify({ title: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}

/** A failure that is a rule of the data layer (a blank title…), shown where the input is. */
export const isRefusedByRule = (error: Error) => error instanceof QueryError && error.kind === 'invalid';
