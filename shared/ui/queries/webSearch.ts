import { useMutation } from '@tanstack/react-query';
import { clearSearchSetting, fetchSearchSetting, saveSearchSetting, type SearchSetting } from '@/shared/data/webSearch.ts';
import { unwrap, type DataClient } from '../query.ts';

/**
 * Saving and removing the account's web search service (Settings → Web search). A save answers the
 * setting as the server now reports it (null when that read failed). The card shows every outcome
 * in place, so there are no notices here.
 */
export function useWebSearchSettingMutations(client: DataClient) {
  return {
    save: useMutation({
      mutationFn: async (value: Parameters<typeof saveSearchSetting>[1]): Promise<SearchSetting | null> => {
        const c = await client();
        unwrap(await saveSearchSetting(c, value));
        return (await fetchSearchSetting(c)).data;
      },
    }),
    remove: useMutation({ mutationFn: async () => unwrap(await clearSearchSetting(await client())) }),
  };
}
