import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { decryptKey, encryptKey } from '@/shared/core/keyCipher.ts';
import {
  numberedWebSources,
  resultsFromBrave,
  resultsFromSearxng,
  resultsFromTavily,
  searchFailure,
  searchQuery,
  SEARCH_PROVIDER_NAMES,
  SEARCH_PROVIDERS,
  WEB_SEARCH_TEXTS,
  WEB_SOURCES_DEFAULT,
  WEB_SOURCES_MAX,
  type SearchProviderId,
  type SearchResult,
  type WebSource,
} from '@/shared/core/webSearch.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb, type Db } from '../_shared/db.ts';
import { callerOf, fail, json, optionalEnv, preflight, type Caller } from '../_shared/http.ts';
import {
  getPinned,
  publicTarget,
  readLimitedBody,
  RefusedAddress,
  systemResolve,
  type Resolve,
  type Target,
} from '../_shared/pinnedFetch.ts';

/**
 * POST /functions/v1/web-search (signed in): the caller's web search service.
 *   { action: 'get' }                                   → { setting: { provider, searxngUrl, hasKey, updatedAt } | null }
 *   { action: 'save', provider, apiKey?, searxngUrl? }  → { saved: true }
 *   { action: 'clear' }                                 → { cleared: true }
 *   { action: 'search', query, count?, surface? }       → { provider, sources: WebSource[] }
 * The key is stored as ciphertext (PROVIDER_KEYS_SECRET, as provider-keys does) and never sent back:
 * the search runs here. Brave's API is not meant for browsers (no CORS for web pages, as far as
 * its public reports go) and a SearXNG server rarely sends CORS headers, so every service is
 * reached from the server. A SearXNG address is user-typed: it goes through the same guard as
 * fetch-url (public addresses only, connected to as checked, no redirects followed). Each search
 * the service answers is recorded in the usage ledger (feature 'search', searches 1).
 * Development overrides: WEB_SEARCH_BRAVE_URL, WEB_SEARCH_TAVILY_URL (the fakes' addresses),
 * WEB_SEARCH_ALLOW_PRIVATE=true (a SearXNG on the developer's machine).
 */

const BRAVE_URL = 'https://api.search.brave.com/res/v1/web/search';
const TAVILY_URL = 'https://api.tavily.com/search';
const KEY_COLUMN = 'search_api_key';
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 2_000_000;
/** Services list the same page twice (a #fragment, a mirror): a few more are asked for than kept. Both take at most 20. */
const askFor = (count: number) => Math.min(20, count + 3);

const Provider = z.enum(SEARCH_PROVIDERS, { error: 'Choose Brave Search, Tavily or SearXNG.' });
const SearchBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('get') }),
    z.object({
      action: z.literal('save'),
      provider: Provider,
      apiKey: z.string().trim().max(500, 'That key is too long.').optional(),
      searxngUrl: z.string().trim().max(2048, 'That address is too long.').optional(),
    }),
    z.object({ action: z.literal('clear') }),
    z.object({
      action: z.literal('search'),
      query: z.string({ error: WEB_SEARCH_TEXTS.emptyQuery }),
      count: z.number().int().min(1).max(WEB_SOURCES_MAX).optional(),
      surface: z.enum(['dashboard', 'panel', 'popup']).optional(),
    }),
  ],
  { error: 'Unknown action: use get, save, clear or search.' },
);

/** What a search answered: the sources, or the failure's sentence and status. */
type Outcome = { ok: true; sources: WebSource[] } | { ok: false; status: number; error: string; code: string };

interface Stored {
  provider: SearchProviderId;
  apiKey: string | null;
  searxngUrl: string | null;
  updatedAt: string;
}

const refused = (error: { message: string; code: string }, status: number) =>
  json({ error: error.message || 'The search key could not be stored.', code: error.code || null }, status >= 400 ? status : 500);

async function readStored(db: Db, caller: Caller, secret: string): Promise<{ stored: Stored | null } | { response: Response }> {
  const { data, error, status } = await db.from('user_search_keys').select('*').eq('user_id', caller.id).maybeSingle();
  if (error) return { response: refused(error, status) };
  if (!data) return { stored: null };
  const provider = Provider.safeParse(data.provider);
  if (!provider.success) return { stored: null };
  return {
    stored: {
      provider: provider.data,
      apiKey: data.api_key ? await decryptKey(secret, caller.id, KEY_COLUMN, data.api_key) : null,
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

const failed = (provider: SearchProviderId, status: number, body: unknown): Outcome => {
  const failure = searchFailure(provider, status, body);
  return {
    ok: false,
    status: failure.kind === 'key' ? 401 : failure.kind === 'rate' ? 429 : 502,
    error: failure.message,
    code: failure.kind,
  };
};

const unreachable = (provider: SearchProviderId): Outcome => ({
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

export function createWebSearch(deps: WebSearchDeps = {}) {
  const resolve = deps.resolve ?? systemResolve;
  const reach = deps.reach ?? ((checked: Target) => checked);
  const doFetch = deps.fetch ?? fetch;

  async function brave(key: string, query: string, count: number, signal: AbortSignal): Promise<Outcome> {
    const url = new URL(optionalEnv('WEB_SEARCH_BRAVE_URL') ?? BRAVE_URL);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(askFor(count)));
    const res = await doFetch(url, { headers: { accept: 'application/json', 'x-subscription-token': key }, signal });
    const body = await jsonOf(res);
    if (!res.ok) return failed('brave', res.status, body);
    return { ok: true, sources: numberedWebSources(resultsFromBrave(body), count) };
  }

  async function tavily(key: string, query: string, count: number, signal: AbortSignal): Promise<Outcome> {
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

  async function searxng(base: string, key: string | null, query: string, count: number, signal: AbortSignal): Promise<Outcome> {
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
    const results: SearchResult[] = resultsFromSearxng(body);
    return { ok: true, sources: numberedWebSources(results, count) };
  }

  async function search(stored: Stored, query: string, count: number): Promise<Outcome> {
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
  }

  return async function webSearch(req: Request): Promise<Response> {
    const early = preflight(req);
    if (early) return early;
    if (req.method !== 'POST') return fail('Method not allowed', 405);
    const caller = await callerOf(req);
    if (!caller) return fail('Sign in first.', 401);
    const secret = optionalEnv('PROVIDER_KEYS_SECRET');
    if (!secret) return fail('Key storage is not configured (PROVIDER_KEYS_SECRET).', 503);
    const parsed = await readBody(req, SearchBody);
    if (!parsed.ok) return parsed.response;
    const body = parsed.body;
    const db = callerDb(caller.token);

    switch (body.action) {
      case 'get': {
        const read = await readStored(db, caller, secret);
        if ('response' in read) return read.response;
        const s = read.stored;
        return json({
          setting: s ? { provider: s.provider, searxngUrl: s.searxngUrl, hasKey: Boolean(s.apiKey), updatedAt: s.updatedAt } : null,
        });
      }
      case 'save': {
        const apiKey = body.apiKey || null;
        let searxngUrl: string | null = null;
        if (body.provider === 'searxng') {
          try {
            const url = new URL(body.searxngUrl ?? '');
            if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
            searxngUrl = url.href;
          } catch {
            return fail(WEB_SEARCH_TEXTS.badUrl, 400);
          }
        } else if (!apiKey) return fail(WEB_SEARCH_TEXTS.emptyKey, 400);
        const { error, status } = await db.from('user_search_keys').upsert(
          {
            user_id: caller.id,
            provider: body.provider,
            api_key: apiKey ? await encryptKey(secret, caller.id, KEY_COLUMN, apiKey) : null,
            searxng_url: searxngUrl,
            updated_at: new Date().toISOString(),
          },
          { onConflict: 'user_id' },
        );
        return error ? refused(error, status) : json({ saved: true });
      }
      case 'clear': {
        const { error, status } = await db.from('user_search_keys').delete().eq('user_id', caller.id);
        return error ? refused(error, status) : json({ cleared: true });
      }
      case 'search': {
        const query = searchQuery(body.query);
        if (!query) return fail(WEB_SEARCH_TEXTS.emptyQuery, 400);
        const read = await readStored(db, caller, secret);
        if ('response' in read) return read.response;
        if (!read.stored) return json({ error: WEB_SEARCH_TEXTS.noKey, code: 'no_key' }, 400);
        const stored = read.stored;
        const outcome = await search(stored, query, body.count ?? WEB_SOURCES_DEFAULT);
        const { error: ledgerError } = await db.from('usage_events').insert({
          user_id: caller.id,
          feature: 'search',
          surface: body.surface ?? 'dashboard',
          provider: stored.provider,
          model: 'web-search',
          searches: outcome.ok ? 1 : 0,
          outcome: outcome.ok ? 'done' : 'failed',
        });
        if (ledgerError) console.error('[web-search] could not record the search', ledgerError.message);
        return outcome.ok
          ? json({ provider: stored.provider, sources: outcome.sources })
          : json({ error: outcome.error, code: outcome.code }, outcome.status);
      }
    }
  };
}

export default createWebSearch();
