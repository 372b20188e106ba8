import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { getPromptRun, recordPromptRun } from '@/shared/data/promptRuns.ts';
import { clearSearchSetting, fetchSearchSetting, saveSearchSetting, searchWeb } from '@/shared/data/webSearch.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { createWebSearch } from '@/supabase/functions/web-search/handler.ts';
import { functionEnv } from '@/supabase/local/functions.ts';
import { FAKE_SEARCH_KEYS, startFakeSearch, type FakeSearch } from '../fixtures/fake-search.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * The web-search Edge Function on the local stack: the search key is stored
 * encrypted in the caller's own row and used only there, each service's refusals become one
 * sentence, every search lands in the usage ledger, and a SearXNG address goes through the same
 * public-address guard as fetch-url (no WEB_SEARCH_ALLOW_PRIVATE here).
 */

let stack: TestStack;
let fake: FakeSearch;
let me: Person;
let other: Person;

beforeAll(async () => {
  delete process.env.WEB_SEARCH_ALLOW_PRIVATE;
  fake = await startFakeSearch();
  process.env.WEB_SEARCH_BRAVE_URL = fake.braveUrl;
  process.env.WEB_SEARCH_TAVILY_URL = fake.tavilyUrl;
  stack = await startTestStack();
  me = await person(stack, 'websearch');
  other = await person(stack, 'websearch-other');
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
  delete process.env.WEB_SEARCH_BRAVE_URL;
  delete process.env.WEB_SEARCH_TAVILY_URL;
});

const client = (p: Person) => p.client as AppClient;
const callsTo = (service: 'brave' | 'tavily' | 'searxng') => fake.calls.filter((c) => c.service === service).length;

async function ledger(userId: string) {
  const { rows } = await stack.db.query<{ provider: string; feature: string; searches: number; outcome: string; model: string }>(
    'select provider, feature, searches, outcome, model from public.usage_events where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

describe(`web search with the caller's own key (${testDbKind})`, () => {
  it('without a search key: one sentence, and no service is asked', async () => {
    expect(must(await fetchSearchSetting(client(me)))).toBeNull();
    const before = fake.calls.length;
    const answer = await searchWeb(client(me), 'AI writing tools');
    expect(answer.error).toMatchObject({ message: WEB_SEARCH_TEXTS.noKey, code: 'no_key' });
    expect(fake.calls.length).toBe(before);
  });

  it('refuses a key left empty and a SearXNG address that is not one', async () => {
    expect((await saveSearchSetting(client(me), { provider: 'brave', apiKey: '  ' })).error?.message).toBe(WEB_SEARCH_TEXTS.emptyKey);
    expect((await saveSearchSetting(client(me), { provider: 'searxng', searxngUrl: 'ftp://x' })).error?.message).toBe(
      WEB_SEARCH_TEXTS.badUrl,
    );
  });

  it('stores a Brave key as ciphertext in the caller’s row, never answers it back, and searches with it', async () => {
    must(await saveSearchSetting(client(me), { provider: 'brave', apiKey: FAKE_SEARCH_KEYS.brave }));
    const { rows } = await stack.db.query<{ api_key: string }>('select api_key from public.user_search_keys where user_id = $1', [
      me.userId,
    ]);
    expect(rows[0]!.api_key.startsWith('enc:v1:')).toBe(true);
    expect(rows[0]!.api_key).not.toContain(FAKE_SEARCH_KEYS.brave);
    const setting = must(await fetchSearchSetting(client(me)));
    expect(setting).toMatchObject({ provider: 'brave', hasKey: true, searxngUrl: null });
    expect(JSON.stringify(setting)).not.toContain(FAKE_SEARCH_KEYS.brave);

    const answer = must(await searchWeb(client(me), '  AI writing\n tools  ', { count: 5 }));
    expect(answer.provider).toBe('brave');
    expect(answer.sources.map((s) => s.n)).toEqual([1, 2, 3, 4, 5]);
    expect(answer.sources[0]).toMatchObject({ site: 'example.com', url: 'https://www.example.com/report' });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ service: 'brave', query: 'AI writing tools' });
    expect(call.headers['x-subscription-token']).toBe(FAKE_SEARCH_KEYS.brave);
    expect((await ledger(me.userId)).at(-1)).toEqual({
      provider: 'brave',
      feature: 'search',
      searches: 1,
      outcome: 'done',
      model: 'web-search',
    });
  });

  it('another account can neither read the row nor search with it', async () => {
    const { data } = await client(other).from('user_search_keys').select('*');
    expect(data).toEqual([]);
    expect(must(await fetchSearchSetting(client(other)))).toBeNull();
    expect((await searchWeb(client(other), 'anything')).error?.code).toBe('no_key');
  });

  it('maps Brave’s refusals to sentences: a wrong key (422) and the rate limit (429)', async () => {
    must(await saveSearchSetting(client(me), { provider: 'brave', apiKey: 'BSA-wrong' }));
    const bad = await searchWeb(client(me), 'prices');
    expect(bad.error).toMatchObject({ message: 'Brave Search refused your search key. Check it in Settings → Web search.', code: 'key' });
    expect((await ledger(me.userId)).at(-1)).toMatchObject({ provider: 'brave', searches: 0, outcome: 'failed' });
    must(await saveSearchSetting(client(me), { provider: 'brave', apiKey: FAKE_SEARCH_KEYS.braveRateLimited }));
    const limited = await searchWeb(client(me), 'prices');
    expect(limited.error).toMatchObject({ code: 'rate', kind: 'limit' });
    expect(limited.error?.message).toBe('Brave Search says searches are coming too fast for your plan. Wait a minute and try again.');
  });

  it('searches with Tavily, and maps its 401, 429 and 432', async () => {
    must(await saveSearchSetting(client(me), { provider: 'tavily', apiKey: FAKE_SEARCH_KEYS.tavily }));
    const answer = must(await searchWeb(client(me), 'competitor prices', { count: 3 }));
    expect(answer).toMatchObject({ provider: 'tavily' });
    expect(answer.sources).toHaveLength(3);
    expect(fake.calls.at(-1)!.headers.authorization).toBe(`Bearer ${FAKE_SEARCH_KEYS.tavily}`);
    for (const [key, code] of [
      ['tvly-wrong', 'key'],
      [FAKE_SEARCH_KEYS.tavilyRateLimited, 'rate'],
      [FAKE_SEARCH_KEYS.tavilySpent, 'quota'],
    ] as const) {
      must(await saveSearchSetting(client(me), { provider: 'tavily', apiKey: key }));
      expect((await searchWeb(client(me), 'competitor prices')).error?.code, key).toBe(code);
    }
  });

  it('refuses a SearXNG server on a private, loopback or link-local address before asking it', async () => {
    const before = callsTo('searxng');
    for (const searxngUrl of [
      fake.searxngUrl,
      fake.searxngUrl.replace('127.0.0.1', 'localhost'),
      'http://10.1.2.3/',
      'http://169.254.169.254/',
    ]) {
      must(await saveSearchSetting(client(me), { provider: 'searxng', searxngUrl }));
      const answer = await searchWeb(client(me), 'anything');
      expect(answer.error, searxngUrl).toMatchObject({
        message: 'Your SearXNG address was refused: That address is on a private network and cannot be read.',
        code: 'refused_address',
      });
    }
    expect(callsTo('searxng')).toBe(before);
  });

  it('searches a public SearXNG server (a public name played by the fake) and says when its JSON format is off', async () => {
    Object.assign(process.env, functionEnv(stack.config));
    const handler = createWebSearch({
      resolve: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
      reach: () => ({ address: '127.0.0.1', family: 4 }),
    });
    const port = new URL(fake.url).port;
    must(await saveSearchSetting(client(me), { provider: 'searxng', searxngUrl: `http://searx.example.org:${port}/searxng` }));
    const token = (await me.client.auth.getSession()).data.session!.access_token;
    const ask = async () => {
      const res = await handler(
        new Request('http://local/functions/v1/web-search', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'search', query: 'open source search' }),
        }),
      );
      return { status: res.status, body: (await res.json()) as { provider?: string; sources?: unknown[]; error?: string } };
    };
    const found = await ask();
    expect(found.status).toBe(200);
    expect(found.body.provider).toBe('searxng');
    expect(found.body.sources).toHaveLength(5);
    expect(fake.calls.at(-1)).toMatchObject({ service: 'searxng', query: 'open source search' });
    expect(fake.calls.at(-1)!.headers.host).toBe(`searx.example.org:${port}`);

    fake.setSearxngJson(false);
    try {
      const off = await ask();
      expect(off).toEqual({
        status: 502,
        body: {
          error: 'Your SearXNG server refused to answer in JSON: add json to search.formats in its settings.yml, then try again.',
          code: 'format',
        },
      });
    } finally {
      fake.setSearxngJson(true);
    }
  });

  it('keeps the sources with the run that cited them, and reads them back', async () => {
    must(await saveSearchSetting(client(me), { provider: 'brave', apiKey: FAKE_SEARCH_KEYS.brave }));
    const { sources } = must(await searchWeb(client(me), 'AI writing tools'));
    const run = must(
      await recordPromptRun(client(me), {
        promptId: null,
        promptName: 'Market scan',
        filledValues: {},
        finalPrompt: 'Compare the tools.',
        provider: 'openai',
        model: 'gpt-6.1-terra',
        output: 'Prices start at $29 [2].',
        status: 'done',
        webSources: sources,
      }),
    );
    expect(run.webSources).toEqual(sources);
    expect(must(await getPromptRun(client(me), run.id))?.webSources).toEqual(sources);
    const plain = must(await recordPromptRun(client(me), { ...run, webSources: null }));
    expect(plain.webSources).toBeNull();
  });

  it('removes the setting', async () => {
    must(await clearSearchSetting(client(me)));
    expect(must(await fetchSearchSetting(client(me)))).toBeNull();
    const { rows } = await stack.db.query('select 1 from public.user_search_keys where user_id = $1', [me.userId]);
    expect(rows).toHaveLength(0);
  });
});
