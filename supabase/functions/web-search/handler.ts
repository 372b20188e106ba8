import { z } from 'zod';
import { encryptKey } from '@/shared/core/keyCipher.ts';
import { searchQuery, SEARCH_PROVIDERS, WEB_SEARCH_TEXTS, WEB_SOURCES_DEFAULT, WEB_SOURCES_MAX } from '@/shared/core/webSearch.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb } from '../_shared/db.ts';
import { callerOf, fail, json, optionalEnv, preflight } from '../_shared/http.ts';
import { createSearcher, readSearchSetting, SEARCH_KEY_COLUMN, searchForOwner, type WebSearchDeps } from '../_shared/webSearch.ts';

/**
 * POST /functions/v1/web-search (signed in): the caller's web search service.
 *   { action: 'get' }                                   → { setting: { provider, searxngUrl, hasKey, updatedAt } | null }
 *   { action: 'save', provider, apiKey?, searxngUrl? }  → { saved: true }
 *   { action: 'clear' }                                 → { cleared: true }
 *   { action: 'search', query, count?, surface? }       → { provider, sources: WebSource[] }
 * The key is stored as ciphertext (PROVIDER_KEYS_SECRET, as provider-keys does) and never sent back:
 * the search runs on the server (_shared/webSearch.ts), each one recorded in the usage ledger.
 */

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

const refused = (error: { message: string; code: string }, status: number) =>
  json({ error: error.message || 'The search key could not be stored.', code: error.code || null }, status >= 400 ? status : 500);

export type { WebSearchDeps } from '../_shared/webSearch.ts';

export function createWebSearch(deps: WebSearchDeps = {}) {
  const search = createSearcher(deps);

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
        const read = await readSearchSetting(db, caller.id, secret);
        if ('error' in read) return refused(read.error, read.status);
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
            api_key: apiKey ? await encryptKey(secret, caller.id, SEARCH_KEY_COLUMN, apiKey) : null,
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
        const outcome = await searchForOwner(
          db,
          caller.id,
          query,
          body.count ?? WEB_SOURCES_DEFAULT,
          { surface: body.surface ?? 'dashboard' },
          search,
        );
        return outcome.ok
          ? json({ provider: outcome.provider, sources: outcome.sources })
          : json({ error: outcome.error, code: outcome.code }, outcome.status);
      }
    }
  };
}

export default createWebSearch();
