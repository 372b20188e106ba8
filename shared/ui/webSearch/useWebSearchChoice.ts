import { useState } from 'react';
import { numberedFrom, WEB_SEARCH_TEXTS, type SearchProviderId, type WebSearchPath, type WebSource } from '@/shared/core/webSearch.ts';
import { fail, ok, type DataResult } from '@/shared/data/result.ts';
import { searchWeb } from '@/shared/data/webSearch.ts';
import type { DataClient } from '../query.ts';

/** What a run was sent with from the web: the service (or AI provider's own tool) that searched and the numbered sources (maybe none). */
export interface WebGrounding {
  provider: WebSearchPath;
  sources: WebSource[];
}

/**
 * The "Search the web" switch of a run: off by default. On, `search` asks the user's search
 * service (through the web-search Edge Function) for the prompt; without a service set, or signed
 * out (the key lives in the account), it answers the one sentence that says so and nothing is sent.
 */
export function useWebSearchChoice(client: DataClient, signedIn: boolean, surface: 'dashboard' | 'panel' = 'dashboard') {
  const [on, setOn] = useState(false);
  return {
    on,
    setOn,
    /** The sources for `task`, numbered from `first`; null when the switch is off. */
    async search(task: string, first = 1): Promise<DataResult<(WebGrounding & { provider: SearchProviderId }) | null>> {
      if (!on) return ok(null);
      if (!signedIn) return fail({ message: WEB_SEARCH_TEXTS.noKey, code: 'no_key' }, 'invalid');
      const found = await searchWeb(await client(), task, { surface });
      if (found.error) return found;
      return ok({ provider: found.data.provider, sources: numberedFrom(found.data.sources, first) });
    },
  };
}

export type WebSearchChoice = ReturnType<typeof useWebSearchChoice>;
