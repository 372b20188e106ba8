import { queryOptions } from '@tanstack/react-query';
import { getConversation, searchConversations } from '@/shared/data/conversations.ts';
import { unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** The stored conversations: the history's pages (a search, a page at a time) and one conversation. */
export const conversationQueries = {
  search: (client: DataClient, query: { search: string; page: number }) =>
    queryOptions({
      queryKey: queryKeys.conversations.search(query),
      queryFn: async () => unwrap(await searchConversations(await client(), query)),
    }),
  detail: (client: DataClient, id: string) =>
    queryOptions({
      queryKey: queryKeys.conversations.detail(id),
      queryFn: async () => unwrap(await getConversation(await client(), id)),
      // The screen holds the conversation as it goes on; asking again would only reset it.
      staleTime: Infinity,
    }),
};
