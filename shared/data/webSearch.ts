import type { SearchProviderId, WebSource } from '../core/webSearch.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/**
 * The user's web search service and their searches, through the web-search Edge Function: it
 * keeps the key encrypted (user_search_keys, owner only) and runs the search on the server, so the
 * key never comes back to a page. Errors carry the function's sentence and code ('no_key', 'key',
 * 'rate', 'quota', 'format', 'refused_address', 'unavailable').
 */

export interface SearchSetting {
  provider: SearchProviderId;
  searxngUrl: string | null;
  hasKey: boolean;
  updatedAt: string;
}

export interface WebSearchAnswer {
  provider: SearchProviderId;
  sources: WebSource[];
}

async function call<T>(client: AppClient, body: Record<string, unknown>): Promise<DataResult<T>> {
  const { data, error } = await client.functions.invoke<T>('web-search', { body });
  if (!error && data) return ok(data);
  const refusal = await functionRefusal(error);
  return fail(
    { message: refusal?.error ?? error?.message ?? 'The web search did not answer.', code: refusal?.code ?? undefined },
    functionErrorKind(error, refusal),
  );
}

/** The caller's search service, or null when none is set. */
export async function fetchSearchSetting(client: AppClient): Promise<DataResult<SearchSetting | null>> {
  const result = await call<{ setting: SearchSetting | null }>(client, { action: 'get' });
  return result.error ? result : ok(result.data.setting);
}

export async function saveSearchSetting(
  client: AppClient,
  value: { provider: SearchProviderId; apiKey?: string; searxngUrl?: string },
): Promise<DataResult<void>> {
  const result = await call(client, { action: 'save', ...value });
  return result.error ? result : ok();
}

export async function clearSearchSetting(client: AppClient): Promise<DataResult<void>> {
  const result = await call(client, { action: 'clear' });
  return result.error ? result : ok();
}

/** Searches the web for `query` with the caller's service: the numbered sources (maybe none). */
export const searchWeb = (
  client: AppClient,
  query: string,
  options: { count?: number; surface?: 'dashboard' | 'panel' | 'popup' } = {},
): Promise<DataResult<WebSearchAnswer>> => call<WebSearchAnswer>(client, { action: 'search', query, ...options });
