import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import pg from 'pg';
import { bin, root, run, runQuiet } from './lib/proc.ts';

/**
 * `npm test`: every check — lint beside typecheck, `deno check` of the Edge Functions and unused code (knip), then unit tests,
 * integration tests against the local stack on PGlite, again with the Edge Functions on Deno, and on PostgreSQL, the store packages, the production builds,
 * and end-to-end tests in Chromium. Ends with each step's time, the flaky tests (passed only on a
 * retry) and one line "N passed, N failed".
 * PostgreSQL: TEST_PG_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres); if it is
 * not reachable and this machine has a Debian PostgreSQL cluster, it is started.
 * `npm run test:stress` (TEST_CPU_HOG=1) runs the same with a busy loop on one core beside it, to
 * prove the suite holds on a loaded machine.
 */
const reports = `${root}test-results/reports`;
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const flaky: string[] = [];
const timings: { name: string; seconds: number; ok: boolean }[] = [];
const runStarted = Date.now();

async function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await run(command, args, env);
  const seconds = (Date.now() - started) / 1000;
  console.log(`━━ ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)}s`);
  timings.push({ name, seconds, ok: code === 0 });
  if (code !== 0) failures.push(name);
  return code === 0;
}

/**
 * A step whose output is kept and printed whole when it ends, under its own heading with its own
 * time: for steps run beside another one.
 */
async function quietStep(name: string, command: string, args: string[]): Promise<void> {
  const started = Date.now();
  const { code, output } = await runQuiet(command, args);
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n━━ ${name} ━━`);
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  console.log(`━━ ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)}s`);
  timings.push({ name, seconds, ok: code === 0 });
  if (code !== 0) failures.push(name);
}

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
};

/**
 * The local stack's own fidelity tests (supabase/local/README.md names them): they run inside the
 * unit and integration steps and are listed apart in the summary.
 */
const stackOwnTest =
  /tests\/(integration\/(rest|auth|storage|realtime)-[^/]*|integration\/(stack-lifecycle|db-batch)|unit\/(rest|local)-[^/]*)\.test\.ts$/;
const stackOwn: { report: string; passed: number; failed: number; seconds: number }[] = [];

async function countVitest(file: string): Promise<void> {
  if (!existsSync(file)) return;
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; startTime: number; endTime: number; assertionResults: { status: string }[] }[];
  };
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests;
  total.skipped += report.numPendingTests + report.numTodoTests;
  const own = report.testResults.filter((result) => stackOwnTest.test(result.name));
  if (own.length === 0) return;
  stackOwn.push({
    report: file.replace(/^.*\//, '').replace(/\.json$/, ''),
    passed: own.flatMap((r) => r.assertionResults).filter((a) => a.status === 'passed').length,
    failed: own.flatMap((r) => r.assertionResults).filter((a) => a.status === 'failed').length,
    seconds: own.reduce((sum, r) => sum + (r.endTime - r.startTime) / 1000, 0),
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; line: number; file: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

async function countPlaywright(file: string): Promise<void> {
  if (!existsSync(file)) return;
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  total.passed += report.stats.expected + report.stats.flaky;
  total.failed += report.stats.unexpected;
  total.skipped += report.stats.skipped;
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'flaky')) flaky.push(`${spec.file}:${spec.line} › ${spec.title}`);
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function ensurePostgres(): Promise<boolean> {
  if (await postgresReachable()) return true;
  if (!existsSync('/usr/bin/pg_ctlcluster') || process.getuid?.() !== 0 || process.env.TEST_PG_URL) return false;
  console.log('PostgreSQL is not reachable; starting the local cluster (pg_ctlcluster 15 main start)…');
  await run('pg_ctlcluster', ['15', 'main', 'start']);
  await run('su', ['postgres', '-c', `psql -q -c "alter user postgres password 'postgres'"`]);
  return postgresReachable();
}

// The stress mode's load: one core kept busy for the whole run, at normal priority.
const hog = process.env.TEST_CPU_HOG === '1' ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
if (hog) console.log(`Stress mode: a busy loop keeps one core loaded (pid ${hog.pid}).`);
const stopHog = () => hog?.kill('SIGKILL');
process.on('exit', stopHog);

await rm(reports, { recursive: true, force: true });
await mkdir(reports, { recursive: true });
const vitest = (project: string, out: string) => [
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/${out}.json`,
];

// The static checks are single-threaded: lint on one core, the three others in turn on the second.
await Promise.all([
  quietStep('lint', bin('eslint'), ['.']),
  (async () => {
    await quietStep('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
    await quietStep('Edge Functions: deno check of the deploy bundle', process.execPath, ['--import', 'tsx', 'scripts/deno-check.ts']);
    await quietStep('unused code (knip)', bin('knip'), []);
  })(),
]);
await step('unit tests', bin('vitest'), vitest('unit', 'unit'));
// The functions that matter most, served by Deno from their index.ts as on hosted Supabase:
// documents, workflows and schedules, page fetching, provider keys, payments, account export and
// deletion, sharing, mail off. Their files run on PGlite with Deno only (the other files import the
// handlers into Node), and on PostgreSQL with Node like every file.
const onDeno = [
  'document-grounding',
  'quota-generations',
  'workflow-runs',
  'workflow-resume',
  'workflow-image-steps',
  'workflow-web-search',
  'workflow-schedules',
  'workflow-schedules-ticker',
  'offers-knowledge',
  'api-keys',
  'purchases',
  'subscriptions',
  'storefront',
  'account-delete',
  'account-export',
  'shares-roles',
  'functions-ssrf',
  'mail-off',
  'usage-budgets',
].map((name) => `tests/integration/${name}.test.ts`);
await step(
  'integration tests (PGlite)',
  bin('vitest'),
  [...vitest('integration', 'integration-pglite'), ...onDeno.flatMap((file) => ['--exclude', file])],
  { TEST_DB: 'pglite' },
);

await step('integration tests, Edge Functions on Deno (PGlite)', bin('vitest'), [...vitest('integration', 'integration-deno'), ...onDeno], {
  TEST_DB: 'pglite',
  TEST_FUNCTIONS_RUNTIME: 'deno',
});
if (await ensurePostgres()) {
  await step('integration tests (PostgreSQL)', bin('vitest'), vitest('integration', 'integration-postgres'), { TEST_DB: 'postgres' });
} else {
  console.error(`\n✖ PostgreSQL is not reachable at ${pgUrl}; set TEST_PG_URL or start it (see README).`);
  failures.push('integration tests (PostgreSQL): no PostgreSQL');
}
await step('store packages (Chrome, Firefox, sources; web-ext lint)', bin('vitest'), vitest('packages', 'packages'));
if (await step('build (dashboard, extension for Chrome and Firefox)', 'npm', ['run', 'build', '--silent'])) {
  await step('end-to-end tests (Chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` });
} else {
  failures.push('end-to-end tests: skipped because the build failed');
}

for (const file of ['unit', 'integration-pglite', 'integration-deno', 'integration-postgres', 'packages'])
  await countVitest(`${reports}/${file}.json`);
await countPlaywright(`${reports}/e2e.json`);

stopHog();
console.log(`\nStep times${hog ? ' (stress mode: one core kept busy)' : ''}:`);
for (const t of timings) console.log(`  ${t.name.padEnd(52)} ${minutes(t.seconds).padStart(7)}${t.ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(52)} ${minutes((Date.now() - runStarted) / 1000).padStart(7)}`);
console.log("\nThe local stack's own tests (supabase/local/README.md), counted in the steps above:");
for (const own of stackOwn)
  console.log(
    `  ${own.report.padEnd(52)} ${String(own.passed).padStart(5)} passed, ${own.failed} failed, ${minutes(own.seconds)} of file time`,
  );
console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join('; ')}`);
// A test that passed only on its retry is a defect: named here, never a quiet pass.
for (const name of flaky) console.log(`  flaky: ${name}`);
console.log(`${flaky.length} flaky (passed only on retry)`);
const failed = total.failed + (failures.length > 0 && total.failed === 0 ? failures.length : 0);
console.log(`${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
