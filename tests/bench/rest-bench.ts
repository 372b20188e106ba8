import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { signJwt } from '@/supabase/local/jwt.ts';
import { migrate } from '@/supabase/local/db/migrate.ts';
import type { PgliteDatabase } from '@/supabase/local/db/pglite.ts';
import { startLocalStack } from '@/supabase/local/server.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import type { RecordedAnswer } from './memory-answer-process.ts';
import type { StackProcessReady } from './rest-stack-process.ts';
import { freshDatabase } from '../helpers/stack.ts';
import { libraryScenarios, makeLibraryRealistic, seedBigFolder, type BenchScenario } from './library-cases.ts';

/**
 * `npm run bench`: what the REST layer costs. Seeds 10,000 saved prompts in 500 folders for one
 * user (realistic ~650-character bodies and tags, tests/bench/library-cases.ts), then measures the
 * queries below through supabase-js → /rest/v1 and the same SQL run directly on
 * the same database: sequential p50/p99 latency, and requests/s with 16 requests in flight. For the
 * two plain requests a `json` row runs that SQL with the JSON body REST answers with (built by the
 * database, as REST has it built): the part of REST's overhead that is encoding rather than the layer; and a `mem`
 * row sends the same REST call to a server that answers it from memory with the bytes REST gave
 * (tests/bench/memory-answer-process.ts): what the client and HTTP alone cost, with no REST layer and no database.
 * Runs on PGlite and on PostgreSQL (BENCH_DB=pglite|postgres to run one). A second user keeps
 * all 10,000 of their prompts in one folder (the library's big-folder cases).
 * Goals for the two plain requests: REST's overhead over raw SQL ≤ 0.5 ms at p50, and ≥ 2,000 req/s on PostgreSQL
 * (≥ 1,000 on PGlite) with 16 in flight, each printed with met / NOT met; the library's cases say
 * whether they answer within 100 ms (judged at REST p99).
 * The stack runs in a process of its own, as `npm start` runs it (tests/bench/rest-stack-process.ts; on PGlite it
 * opens a copy of the seeded database, raw SQL runs on the bench's): client and server each have a core, as for a
 * user. REST's CPU per request is the bench process's (client) plus the stack process's (server and, on PGlite,
 * the database). BENCH_STACK=inline runs the stack in the bench's process instead (one process to profile).
 */
const SEQUENTIAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 200;
const THROUGHPUT_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = 16;
/** BENCH_STACK=inline: the stack in the bench's own process (one profile covers client, server and PGlite). */
const INLINE = process.env.BENCH_STACK === 'inline';

interface Stats {
  p50: number;
  p99: number;
  rps: number;
  /**
   * CPU time per request while in flight: this process's plus, for REST, the stack process's (client, server and,
   * on PGlite, the database; PostgreSQL's own processes are not counted). Steadier than latency on a busy machine.
   */
  cpuMs: number;
  /** The stack process's share of cpuMs (when it runs in its own process): the server's own cost. */
  stackCpuMs?: number;
}

/** CPU microseconds a process other than this one has used so far. */
type CpuClock = () => Promise<number>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(op: () => Promise<void>, requests: number, otherCpu?: CpuClock): Promise<Stats> {
  for (let i = 0; i < Math.min(WARMUP, Math.ceil(requests / 10)); i++) await op();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await op();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  let done = 0;
  const end = performance.now() + THROUGHPUT_MS;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const otherBefore = (await otherCpu?.()) ?? 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await op();
        done++;
      }
    }),
  );
  const rps = done / ((performance.now() - started) / 1000);
  const used = process.cpuUsage(cpu);
  const otherUsed = ((await otherCpu?.()) ?? 0) - otherBefore;
  const cpuMs = (used.user + used.system + otherUsed) / 1000 / done;
  const stackCpuMs = otherCpu ? otherUsed / 1000 / done : undefined;
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps, cpuMs, stackCpuMs };
}

async function seed(db: Database): Promise<{ userId: string; folderIds: string[]; promptIds: string[] }> {
  const userId = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [
    userId,
    `bench-${userId.slice(0, 8)}@bench.test`,
  ]);
  const folders = await db.query<{ id: string }>(
    "insert into public.prompt_folders (user_id, name) select $1, 'Folder ' || lpad(g::text, 3, '0') from generate_series(1, 500) g returning id",
    [userId],
  );
  const folderIds = folders.rows.map((r) => r.id);
  await db.query(
    `insert into public.saved_prompts (user_id, name, prompt_text, folder_id)
     select $1, 'Prompt ' || md5(g::text), 'Write about [topic] number ' || g, (array_agg_ids)[1 + (g % 500)]
     from generate_series(1, 10000) g, (select array_agg(id) as array_agg_ids from public.prompt_folders where user_id = $1) f`,
    [userId],
  );
  await db.query('analyze public.saved_prompts');
  const prompts = await db.query<{ id: string }>('select id from public.saved_prompts where user_id = $1', [userId]);
  return { userId, folderIds, promptIds: prompts.rows.map((r) => r.id) };
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const fmt = (n: number) => n.toFixed(2).padStart(8);
/** A difference in milliseconds with its sign: +0.38 ms, −1.20 ms. */
const signedMs = (ms: number) => `${ms < 0 ? '−' : '+'}${Math.abs(ms).toFixed(2)} ms`;

const OVERHEAD_GOAL_MS = 0.5;
const RPS_GOAL = { postgres: 2000, pglite: 1000 };
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The REST layer's goals: what it adds over the same SQL at p50, and requests per second. */
function restGoalLine(kind: 'pglite' | 'postgres', raw: Stats, rest: Stats): string {
  const overhead = rest.p50 - raw.p50;
  const overheadGoal = `overhead ≤ ${OVERHEAD_GOAL_MS} ms: ${verdict(overhead <= OVERHEAD_GOAL_MS)} (${signedMs(overhead)}, ${(rest.p50 / raw.p50).toFixed(2)}×)`;
  return `${overheadGoal}; ≥ ${RPS_GOAL[kind]} req/s: ${verdict(rest.rps >= RPS_GOAL[kind])} (${rest.rps.toFixed(0)})`;
}

/** 'goal ≤ 100 ms: met' when REST p99 is within the goal (p50 alone could hide a slow tail). */
function goalLine(goalMs: number, rest: Stats): string {
  const figures = `REST p50 ${rest.p50.toFixed(1)} ms, p99 ${rest.p99.toFixed(1)} ms`;
  return `goal ≤ ${goalMs} ms: ${rest.p99 <= goalMs ? 'met' : 'NOT met'} (${figures})`;
}

interface StackUnderTest extends StackProcessReady {
  /** The stack process's CPU clock (none when it runs in this process: this process's own time covers it). */
  cpu?: CpuClock;
  stop(): Promise<void>;
}

/** The stack in this process, on the bench's database. */
async function inlineStack(db: Database): Promise<StackUnderTest> {
  const stack = await startLocalStack({ db, config: { port: 0, logRequests: false } });
  return { url: stack.url, anonKey: stack.config.anonKey, jwtSecret: stack.config.jwtSecret, stop: () => stack.stop() };
}

/** A bench process (tsx) that says { ready } over IPC, answers 'cpu' with its CPU time and exits on 'stop'. */
async function forkBenchProcess<Ready>(
  script: string,
  env: NodeJS.ProcessEnv,
  execArgv: string[] = [],
  hello?: unknown,
): Promise<{ ready: Ready; cpu: CpuClock; stop: () => Promise<void> }> {
  const child = fork(new URL(script, import.meta.url).pathname, { execArgv: ['--import', 'tsx', ...execArgv], env });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    child.on('message', (m: { ready?: Ready }) => m.ready && resolve(m.ready));
    if (hello !== undefined) child.send(hello as object);
  });
  const cpu: CpuClock = () =>
    new Promise((resolve) => {
      const onMessage = (m: { cpu?: NodeJS.CpuUsage }) => {
        if (!m.cpu) return;
        child.off('message', onMessage);
        resolve(m.cpu.user + m.cpu.system);
      };
      child.on('message', onMessage);
      child.send('cpu');
    });
  const stop = async () => {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  };
  return { ready, cpu, stop };
}

/** The stack in a child process: on PostgreSQL the same database, on PGlite a copy of the seeded one. */
async function stackProcess(db: Database, databaseUrl: string | undefined): Promise<StackUnderTest> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  let archiveDir: string | undefined;
  if (databaseUrl) env.BENCH_DATABASE_URL = databaseUrl;
  else {
    archiveDir = await mkdtemp(join(tmpdir(), 'rest-bench-'));
    env.BENCH_PGLITE_ARCHIVE = join(archiveDir, 'seeded.tar');
    const archive = await (db as PgliteDatabase).dumpDataDir();
    await writeFile(env.BENCH_PGLITE_ARCHIVE, Buffer.from(await archive.arrayBuffer()));
  }
  // BENCH_STACK_PROFILE=<folder>: the stack process writes its CPU profile there when it stops.
  const profile = process.env.BENCH_STACK_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_STACK_PROFILE}`] : [];
  const child = await forkBenchProcess<StackProcessReady>('./rest-stack-process.ts', env, profile);
  if (archiveDir) await rm(archiveDir, { recursive: true, force: true });
  return { ...child.ready, cpu: child.cpu, stop: child.stop };
}

/**
 * The request's REST answer, recorded once and served from memory by another process: the same request and bytes
 * without the REST layer and the database. Its figures are what the client and HTTP alone allow on this machine.
 */
async function memoryAnswer(
  stack: StackProcessReady,
  userId: string,
  request: (client: SupabaseClient) => Promise<void>,
): Promise<{ client: SupabaseClient; cpu: CpuClock; stop: () => Promise<void> }> {
  let answer: RecordedAnswer | undefined;
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'content-range']) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    answer = { status: res.status, headers, body: await res.clone().text() };
    return res;
  };
  await request(await clientFor(stack, userId, recording));
  const server = await forkBenchProcess<{ url: string }>('./memory-answer-process.ts', { ...process.env }, [], { answer });
  return { client: await clientFor({ ...stack, url: server.ready.url }, userId), cpu: server.cpu, stop: server.stop };
}

async function clientFor(stack: StackProcessReady, userId: string, recording?: typeof fetch): Promise<SupabaseClient> {
  const token = await signJwt(
    { sub: userId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
    stack.jwtSecret,
  );
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { Authorization: `Bearer ${token}` }, ...(recording ? { fetch: recording } : {}) },
  });
}

async function bench(kind: 'pglite' | 'postgres'): Promise<void> {
  process.env.TEST_DB = kind;
  const { db, drop, url } = await freshDatabase(kind);
  let stack: StackUnderTest | undefined;
  try {
    await migrate(db);
    const { userId, folderIds, promptIds } = await seed(db);
    await makeLibraryRealistic(db, userId);
    const big = await seedBigFolder(db);
    stack = INLINE ? await inlineStack(db) : await stackProcess(db, url);
    const supabase = await clientFor(stack, userId);
    const listFolder = async (client: SupabaseClient) => {
      const { data, error } = await client.from('saved_prompts').select('*').eq('folder_id', pick(folderIds)).order('name');
      if (error || !data?.length) throw new Error(`REST list failed: ${error?.message ?? 'no rows'}`);
    };
    const getById = async (client: SupabaseClient) => {
      const { data, error } = await client.from('saved_prompts').select('*').eq('id', pick(promptIds)).single();
      if (error || !data) throw new Error(`REST get failed: ${error?.message}`);
    };
    // rawJson: the same query with the JSON body REST answers with, built by PostgreSQL as REST has it built: what
    // of REST's overhead is the encoding in the database rather than the layer (printed, not judged). request: the
    // REST call for any client, so the same call can also be answered from memory (the `mem` row).
    const scenarios: (BenchScenario & {
      restGoals?: boolean;
      rawJson?: () => Promise<void>;
      request?: (client: SupabaseClient) => Promise<void>;
    })[] = [
      {
        name: "list one folder's prompts by name",
        restGoals: true,
        request: listFolder,
        rest: () => listFolder(supabase),
        raw: async () => {
          const { rows } = await db.query('select * from public.saved_prompts where user_id = $1 and folder_id = $2 order by name', [
            userId,
            pick(folderIds),
          ]);
          if (!rows.length) throw new Error('raw list returned no rows');
        },
        rawJson: async () => {
          const { rows } = await db.query<{ body: string }>(
            "select coalesce(json_agg(t), '[]')::text as body from (select * from public.saved_prompts where user_id = $1 and folder_id = $2 order by name) t",
            [userId, pick(folderIds)],
          );
          if (rows[0]!.body === '[]') throw new Error('raw JSON list returned no rows');
        },
      },
      {
        name: 'fetch one prompt by id',
        restGoals: true,
        request: getById,
        rest: () => getById(supabase),
        raw: async () => {
          const { rows } = await db.query('select * from public.saved_prompts where user_id = $1 and id = $2', [userId, pick(promptIds)]);
          if (rows.length !== 1) throw new Error('raw get did not return one row');
        },
        rawJson: async () => {
          const { rows } = await db.query<{ body: string | null }>(
            'select (json_agg(t)->0)::text as body from (select * from public.saved_prompts where user_id = $1 and id = $2) t',
            [userId, pick(promptIds)],
          );
          if (!rows[0]?.body) throw new Error('raw JSON get returned no row');
        },
      },
      // BENCH_CORE=1: only the two requests above (a quick look at the REST layer's own cost).
      ...(process.env.BENCH_CORE
        ? []
        : libraryScenarios({
            db,
            pick,
            spread: { supabase, userId, folderIds },
            big: { supabase: await clientFor(stack, big.userId), userId: big.userId, folderId: big.folderId },
          })),
    ];
    console.log(
      `\n${kind === 'pglite' ? 'PGlite (embedded, one connection)' : 'PostgreSQL 15 (pool of 10)'} — 10,000 prompts in 500 folders, and a user with 10,000 in one folder`,
    );
    console.log(
      INLINE
        ? 'stack in the bench process (BENCH_STACK=inline): cpu ms/req is this one process'
        : 'stack in its own process: REST cpu ms/req = bench process (client) + stack process (server' +
            (kind === 'pglite' ? ' and PGlite)' : '; PostgreSQL not counted)'),
    );
    console.log(
      `load average at start: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`${'scenario'.padEnd(40)} path    p50 ms   p99 ms     req/s  cpu ms/req   p50 overhead`);
    for (const scenario of scenarios) {
      // BENCH_REQUESTS caps every case (a quick run); heavy cases time fewer requests by default.
      const requests = Math.min(scenario.requests ?? SEQUENTIAL, SEQUENTIAL);
      const raw = await measure(scenario.raw, requests);
      const rest = await measure(scenario.rest, requests, stack.cpu);
      const row = (path: string, st: Stats) =>
        `${path.padEnd(5)} ${fmt(st.p50)} ${fmt(st.p99)} ${st.rps.toFixed(0).padStart(9)} ${fmt(st.cpuMs)}   `;
      console.log(`${scenario.name.padEnd(40)} ${row('raw', raw)}`);
      const overhead = `${signedMs(rest.p50 - raw.p50)} (${(rest.p50 / raw.p50).toFixed(2)}×)`;
      const stackCpu = rest.stackCpuMs === undefined ? '' : `; stack process ${rest.stackCpuMs.toFixed(2)} cpu ms/req`;
      if (scenario.rawJson) {
        const json = await measure(scenario.rawJson, requests);
        console.log(`${''.padEnd(40)} ${row('json', json)}${signedMs(json.p50 - raw.p50)}: the JSON body, built by the database`);
      }
      console.log(`${''.padEnd(40)} ${row('rest', rest)}${overhead}${stackCpu}`);
      if (scenario.request) {
        const memory = await memoryAnswer(stack, userId, scenario.request);
        try {
          const request = scenario.request;
          const mem = await measure(() => request(memory.client), requests, memory.cpu);
          console.log(`${''.padEnd(40)} ${row('mem', mem)}the same answer from memory: client and HTTP alone`);
        } finally {
          await memory.stop();
        }
      }
      if (scenario.restGoals) console.log(`${''.padEnd(40)} ${restGoalLine(kind, raw, rest)}`);
      if (scenario.goalMs) console.log(`${''.padEnd(40)} ${goalLine(scenario.goalMs, rest)}`);
    }
    console.log(
      `load average at end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await stack?.stop();
    await drop();
  }
}

const kinds = (process.env.BENCH_DB ? [process.env.BENCH_DB] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
for (const kind of kinds) await bench(kind);
