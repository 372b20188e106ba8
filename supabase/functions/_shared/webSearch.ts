import type { IncomingMessage } from 'node:http';
import { decryptKey } from '@/shared/core/keyCipher.ts';
import type { UsageSubject } from '@/shared/core/usage/ledger.ts';
import {
  numberedWebSources,
  resultsFromBrave,
  resultsFromSearxng,
  resultsFromTavily,
  searchFailure,
  SEARCH_PROVIDER_NAMES,
  SEARCH_PROVIDERS,
  WEB_SEARCH_TEXTS,
  WEB_SOURCES_DEFAULT,
  type SearchProviderId,
  type WebSource,
} from '@/shared/core/webSearch.ts';
import type { Db } from './db.ts';
import { optionalEnv } from './http.ts';
import { getPinned, publicTarget, readLimitedBody, RefusedAddress, systemResolve, type Resolve, type Target } from './pinnedFetch.ts';

/**
 * A user's web search through their own search service (Brave Search or Tavily with their key, or
 * their SearXNG server), run on the server: the key is kept as ciphertext and never leaves it.
 * Used by the web-search function (the browsers' searches) and by workflow steps that search the
 * web. Brave's API is not meant for browsers and a SearXNG server rarely sends CORS headers, so
 * every service is reached from here. A SearXNG address is user-typed: it goes through the same
 * guard as fetch-url (public addresses only, connected to as checked, no redirects followed).
 * Each search a service answers is one usage row (feature 'search', searches 1).
 * Development overrides: WEB_SEARCH_BRAVE_URL, WEB_SEARCH_TAVILY_URL (the fakes' addresses),
 * WEB_SEARCH_ALLOW_PRIVATE=true (a SearXNG on the developer's machine).
 */

const BRAVE_URL = 'https://api.search.brave.com/res/v1/web/search';
const TAVILY_URL = 'https://api.tavily.com/search';
export const SEARCH_KEY_COLUMN = 'search_api_key';
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 2_000_000;
/** Services list the same page twice (a #fragment, a mirror): a few more are asked for than kept. Both take at most 20. */
const askFor = (count: number) => Math.min(20, count + 3);

/** What a search answered: the sources, or the failure's sentence, status and code. */
type SearchOutcome = { ok: true; sources: WebSource[] } | { ok: false; status: number; error: string; code: string };

/** A user's search service as stored, its key opened. */
export interface StoredSearch {
  provider: SearchProviderId;
  apiKey: string | null;
  searxngUrl: string | null;
  updatedAt: string;
}

const isSearchProvider = (value: string): value is SearchProviderId => (SEARCH_PROVIDERS as readonly string[]).includes(value);

/** The user's search service (null: none saved), or the database's refusal. */
export async function readSearchSetting(
  db: Db,
  userId: string,
  secret: string,
): Promise<{ stored: StoredSearch | null } | { error: { message: string; code: string }; status: number }> {
  const { data, error, status } = await db.from('user_search_keys').select('*').eq('user_id', userId).maybeSingle();
  if (error) return { error, status };
  if (!data || !isSearchProvider(data.provider)) return { stored: null };
  return {
    stored: {
      provider: data.provider,
      apiKey: data.api_key ? await decryptKey(secret, userId, SEARCH_KEY_COLUMN, data.api_key) : null,
      searxngUrl: data.searxng_url,
      updatedAt: data.updated_at,
    },
  };
}

/** A JSON body read whole (up to MAX_BYTES), or null when it is not JSON. */
async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (text.length > MAX_BYTES) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function readPinned(res: IncomingMessage): Promise<string | null> {
  return (await readLimitedBody(res, MAX_BYTES))?.toString('utf8') ?? null;
}

const failed = (provider: SearchProviderId, status: number, body: unknown): SearchOutcome => {
  const failure = searchFailure(provider, status, body);
  return {
    ok: false,
    status: failure.kind === 'key' ? 401 : failure.kind === 'rate' ? 429 : 502,
    error: failure.message,
    code: failure.kind,
  };
};

const unreachable = (provider: SearchProviderId): SearchOutcome => ({
  ok: false,
  status: 502,
  error: `${SEARCH_PROVIDER_NAMES[provider]} could not be reached. Try again later.`,
  code: 'unavailable',
});

export interface WebSearchDeps {
  /** The DNS lookup for a SearXNG address (a test plays a rebinding server with its own). */
  resolve?: Resolve;
  /** Where a checked address is connected to: a test's public name that is a local server. */
  reach?: (checked: Target) => Target;
  fetch?: typeof fetch;
}

export type Searcher = (stored: StoredSearch, query: string, count: number) => Promise<SearchOutcome>;

/** Searches with a stored service (10 s at most), its failures as one sentence each. */
export function createSearcher(deps: WebSearchDeps = {}): Searcher {
  const resolve = deps.resolve ?? systemResolve;
  const reach = deps.reach ?? ((checked: Target) => checked);
  const doFetch = deps.fetch ?? fetch;

  async function brave(key: string, query: string, count: number, signal: AbortSignal): Promise<SearchOutcome> {
    const url = new URL(optionalEnv('WEB_SEARCH_BRAVE_URL') ?? BRAVE_URL);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(askFor(count)));
    const res = await doFetch(url, { headers: { accept: 'application/json', 'x-subscription-token': key }, signal });
    const body = await jsonOf(res);
    if (!res.ok) return failed('brave', res.status, body);
    return { ok: true, sources: numberedWebSources(resultsFromBrave(body), count) };
  }

  async function tavily(key: string, query: string, count: number, signal: AbortSignal): Promise<SearchOutcome> {
    const res = await doFetch(optionalEnv('WEB_SEARCH_TAVILY_URL') ?? TAVILY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, max_results: askFor(count), search_depth: 'basic' }),
      signal,
    });
    const body = await jsonOf(res);
    if (!res.ok) return failed('tavily', res.status, body);
    return { ok: true, sources: numberedWebSources(resultsFromTavily(body), count) };
  }

  async function searxng(base: string, key: string | null, query: string, count: number, signal: AbortSignal): Promise<SearchOutcome> {
    const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    const target = await publicTarget(url, resolve, optionalEnv('WEB_SEARCH_ALLOW_PRIVATE') === 'true');
    const res = await getPinned(url, reach(target), {
      signal,
      headers: { accept: 'application/json', 'user-agent': 'AI Vault web search', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    });
    const status = res.statusCode ?? 0;
    // A redirect would be a second, unchecked address: refused rather than followed.
    if (status >= 300 && status < 400) {
      res.resume();
      return {
        ok: false,
        status: 502,
        error: 'Your SearXNG server redirected the search: enter its final address in Settings.',
        code: 'unavailable',
      };
    }
    const raw = await readPinned(res);
    let body: unknown = null;
    try {
      body = raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      body = null;
    }
    if (status < 200 || status >= 300) return failed('searxng', status, body);
    if (body === null) return failed('searxng', 403, null);
    return { ok: true, sources: numberedWebSources(resultsFromSearxng(body), count) };
  }

  return async function search(stored, query, count) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      if (stored.provider === 'searxng') return await searxng(stored.searxngUrl ?? '', stored.apiKey, query, count, controller.signal);
      if (!stored.apiKey) return { ok: false, status: 400, error: WEB_SEARCH_TEXTS.noKey, code: 'no_key' };
      return stored.provider === 'brave'
        ? await brave(stored.apiKey, query, count, controller.signal)
        : await tavily(stored.apiKey, query, count, controller.signal);
    } catch (error) {
      if (error instanceof RefusedAddress)
        return { ok: false, status: 400, error: `Your SearXNG address was refused: ${error.message}`, code: 'refused_address' };
      if (controller.signal.aborted)
        return { ok: false, status: 504, error: `${SEARCH_PROVIDER_NAMES[stored.provider]} took too long to answer.`, code: 'unavailable' };
      return unreachable(stored.provider);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Where a search's usage row goes: the screen it came from, or a workflow run's step. */
export interface SearchUsage {
  surface: 'dashboard' | 'panel' | 'popup' | 'server';
  subject?: UsageSubject;
  stepIndex?: number;
}

export type OwnerSearch = { ok: true; provider: SearchProviderId; sources: WebSource[] } | Extract<SearchOutcome, { ok: false }>;

/**
 * Searches for `userId` with their saved service and records the search in their ledger: no
 * service saved is `no_key` (nothing asked), a database refusal keeps its status. `db` reads the
 * user's row (the caller's client, or the service role for a scheduled run) and writes the usage row.
 */
export async function searchForOwner(
  db: Db,
  userId: string,
  query: string,
  count: number,
  usage: SearchUsage,
  search: Searcher = createSearcher(),
): Promise<OwnerSearch> {
  const secret = optionalEnv('PROVIDER_KEYS_SECRET');
  if (!secret) return { ok: false, status: 503, error: 'Key storage is not configured (PROVIDER_KEYS_SECRET).', code: 'not_configured' };
  const read = await readSearchSetting(db, userId, secret);
  if ('error' in read)
    return {
      ok: false,
      status: read.status >= 400 ? read.status : 500,
      error: read.error.message || 'The search key could not be read.',
      code: read.error.code || 'database',
    };
  if (!read.stored) return { ok: false, status: 400, error: WEB_SEARCH_TEXTS.noKey, code: 'no_key' };
  const stored = read.stored;
  const outcome = await search(stored, query, count);
  const { error } = await db.from('usage_events').insert({
    user_id: userId,
    feature: 'search',
    surface: usage.surface,
    provider: stored.provider,
    model: 'web-search',
    searches: outcome.ok ? 1 : 0,
    outcome: outcome.ok ? 'done' : 'failed',
    subject_kind: usage.subject?.kind ?? null,
    subject_id: usage.subject?.id ?? null,
    step_index: usage.stepIndex ?? null,
  });
  if (error) console.error('[web-search] could not record the search', error.message);
  return outcome.ok ? { ok: true, provider: stored.provider, sources: outcome.sources } : outcome;
}

/** A workflow step's search for the run's owner (workflows/stepContext.ts WebSearch): its usage row goes with the run's step. */
export const workflowWebSearch =
  (db: Db, owner: string, runId: string) =>
  async (query: string, stepIndex: number): Promise<{ path: SearchProviderId; sources: WebSource[] } | string> => {
    const found = await searchForOwner(db, owner, query, WEB_SOURCES_DEFAULT, {
      surface: 'server',
      subject: { kind: 'workflow_run', id: runId },
      stepIndex,
    });
    return found.ok ? { path: found.provider, sources: found.sources } : found.error;
  };
