import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { streamText } from '@/shared/ai/chat.ts';
import type { Database as Schema } from '@/shared/data/database.types.ts';
import { searchKnowledge } from '@/shared/data/knowledgeSearch.ts';
import { signJwt } from '@/supabase/local/jwt.ts';
import { startLocalStack } from '@/supabase/local/server.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import { fakeEmbedding } from '../fixtures/fake-ai/embeddings.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { freshDatabase } from '../helpers/stack.ts';
import { seedPassages } from './knowledge-seed.ts';
import { measureQuality, printQuality } from './knowledge-quality.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * `npm run bench`: knowledge retrieval.
 * (a) match_knowledge through supabase-js → /rest/v1 over 10,000 passages of one user, full text
 *     and hybrid (with a 512-dimension question embedding, every passage embedded): p50/p95 on
 *     PGlite and on PostgreSQL. Goal: p95 ≤ 100 ms.
 * (b) recall@5 on the labelled fixture, full text vs hybrid (knowledge-quality.ts). Goal: hybrid ≥ 0.9.
 * (c) time to first token that our streamText adds on top of the provider: the fake provider's
 *     stream read by streamText vs by a raw fetch of the same request. Goal: ≤ 50 ms.
 * BENCH_DB=pglite|postgres runs one database; BENCH_REQUESTS sets the timed requests per case.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const PASSAGES = 10_000;
const DIMENSIONS = 512;
const MODEL = 'text-embedding-3-small';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function timings(op: (i: number) => Promise<void>, requests = REQUESTS): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.ceil(requests / 10); i++) await op(i);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await op(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function userClient(url: string, anonKey: string, secret: string, userId: string): Promise<SupabaseClient<Schema>> {
  const token = await signJwt(
    { sub: userId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
    secret,
  );
  return createClient<Schema>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

async function newUser(db: Database, label: string): Promise<string> {
  const id = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [
    id,
    `${label}-${id.slice(0, 8)}@bench.test`,
  ]);
  return id;
}

async function retrievalBench(kind: 'pglite' | 'postgres', fake: FakeOpenAI): Promise<void> {
  process.env.TEST_DB = kind;
  const { db, drop } = await freshDatabase(kind);
  const stack = await startLocalStack({ db, config: { port: 0, logRequests: false } });
  try {
    console.log(`\n${kind === 'pglite' ? 'PGlite (embedded, one connection)' : 'PostgreSQL 15 (pool of 10)'}`);
    console.log(
      `load average at start: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const big = await newUser(db, 'kb-big');
    const seeded = await seedPassages(db, big, PASSAGES, (text) => fakeEmbedding(text, DIMENSIONS), MODEL);
    const client = await userClient(stack.url, stack.config.anonKey, stack.config.jwtSecret, big);
    // A spread of questions about the base's own documents (one in 20).
    const questions = seeded.questions.filter((_, i) => i % 20 === 0);
    const vectors = questions.map((q) => fakeEmbedding(q, DIMENSIONS));
    const search = (embedded: boolean) => async (i: number) => {
      const at = i % questions.length;
      const found = await searchKnowledge(client, questions[at]!, embedded ? { embedding: { model: MODEL, vector: vectors[at]! } } : {});
      if (found.error || found.data.length === 0) throw new Error(`search failed: ${found.error?.message ?? 'no passages'}`);
    };
    console.log(
      `(a) retrieval over ${seeded.passages.toLocaleString('en-US')} passages (${DIMENSIONS}-dimension embeddings), ${REQUESTS} requests`,
    );
    for (const [label, embedded] of [
      ['full text', false],
      ['hybrid', true],
    ] as const) {
      const { p50, p95 } = await timings(search(embedded));
      console.log(
        `  ${label.padEnd(10)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  goal p95 ≤ 100 ms: ${verdict(p95 <= 100)}`,
      );
    }

    const small = await newUser(db, 'kb-quality');
    const smallClient = await userClient(stack.url, stack.config.anonKey, stack.config.jwtSecret, small);
    console.log('(b)');
    printQuality(
      await measureQuality(db, smallClient, small, {
        target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
        model: MODEL,
        baseURL: fake.baseURL,
      }),
    );
    console.log(
      `load average at end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await stack.stop();
    await drop();
  }
}

/** Milliseconds from sending the request to the first words, read by a raw fetch of the SSE stream. */
async function rawFirstToken(fake: FakeOpenAI, prompt: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${fake.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_OPENAI_GOOD_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }], stream: true }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before any words');
    buffer += decoder.decode(value, { stream: true });
    if (/"content":"[^"]/.test(buffer)) {
      const at = performance.now() - started;
      await reader.cancel();
      return at;
    }
  }
}

async function streamFirstToken(fake: FakeOpenAI, prompt: string): Promise<number> {
  const controller = new AbortController();
  const started = performance.now();
  let first = 0;
  await streamText({
    target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
    model: 'gpt-4o-mini',
    prompt,
    signal: controller.signal,
    usage: usageLog(),
    settings: { baseUrls: { openai: fake.baseURL }, maxRetries: 0 },
    onDelta: () => {
      if (!first) first = performance.now() - started;
      controller.abort();
    },
  });
  return first;
}

async function firstTokenBench(fake: FakeOpenAI): Promise<void> {
  const prompt = 'Write a two-sentence welcome e-mail for new newsletter subscribers.';
  const runs = 100;
  const raw = await timingsOf(() => rawFirstToken(fake, prompt), runs);
  const ours = await timingsOf(() => streamFirstToken(fake, prompt), runs);
  const added = ours.p50 - raw.p50;
  console.log(`\n(c) time to first token, ${runs} streams from the fake provider (no provider delay)`);
  console.log(`  raw fetch      p50 ${raw.p50.toFixed(1).padStart(6)} ms  p95 ${raw.p95.toFixed(1).padStart(6)} ms`);
  console.log(`  streamText     p50 ${ours.p50.toFixed(1).padStart(6)} ms  p95 ${ours.p95.toFixed(1).padStart(6)} ms`);
  console.log(
    `  added by our code: p50 ${added.toFixed(1)} ms, p95 ${(ours.p95 - raw.p95).toFixed(1)} ms  goal ≤ 50 ms: ${verdict(added <= 50 && ours.p95 - raw.p95 <= 50)}`,
  );
}

async function timingsOf(run: () => Promise<number>, runs: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const fake = await startFakeOpenAI({ chunkDelayMs: 0 });
try {
  const kinds = (process.env.BENCH_DB ? [process.env.BENCH_DB] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
  for (const kind of kinds) await retrievalBench(kind, fake);
  await firstTokenBench(fake);
} finally {
  await fake.close();
}
