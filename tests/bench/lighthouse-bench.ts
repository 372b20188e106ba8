import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { bin, root, waitForHttp } from '../../scripts/lib/proc.ts';

/**
 * Lighthouse 12 on the production build of the dashboard (dist/web, `npm run build:web` first)
 * served by `vite preview` (which compresses with gzip), in the machine's Chromium, with
 * Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown). Each page is measured
 * RUNS times (default 3) and the median of each score printed against its goal.
 */
// Outside the end-to-end tests' ports (4173 and up, or E2E_PORT_BASE) and the landing bench's.
const PORT = Number(process.env.LIGHTHOUSE_BENCH_PORT ?? 4393);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_BENCH_DEBUG_PORT ?? PORT + 1);
const RUNS = Number(process.env.RUNS ?? 3);
const PATHS = ['/', '/auth'];
const GOALS = [
  { id: 'performance', label: 'performance', min: 95 },
  { id: 'accessibility', label: 'accessibility', min: 100 },
  { id: 'best-practices', label: 'best practices', min: 95 },
  { id: 'seo', label: 'SEO', min: 95 },
] as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

const preview = spawn(bin('vite'), ['preview', '--config', 'web/vite.config.ts', '--port', String(PORT), '--strictPort'], {
  cwd: root,
  stdio: 'ignore',
});
const profile = await mkdtemp(join(tmpdir(), 'ai-vault-lighthouse-'));
const chromium = spawn(
  CHROMIUM_PATH,
  [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profile}`, 'about:blank'],
  { stdio: 'ignore' },
);
// Neither the preview server nor the browser outlives the bench, whichever way it ends.
process.on('exit', () => {
  preview.kill('SIGTERM');
  chromium.kill('SIGTERM');
});
try {
  await waitForHttp(`http://127.0.0.1:${PORT}/`, 60_000);
  await waitForHttp(`http://127.0.0.1:${DEBUG_PORT}/json/version`, 30_000);
  for (const path of PATHS) {
    const scores = new Map<string, number[]>(GOALS.map((goal) => [goal.id, []]));
    const timings: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, {
        port: DEBUG_PORT,
        logLevel: 'error',
        output: 'json',
        onlyCategories: GOALS.map((goal) => goal.id),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      for (const goal of GOALS) scores.get(goal.id)!.push(Math.round((categories[goal.id]?.score ?? 0) * 100));
      const ms = (id: string) => `${((audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
      timings.push(
        `FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
      );
      if (process.env.LIGHTHOUSE_BENCH_LIST)
        for (const audit of Object.values(audits))
          if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
            console.log(`    ${path} run ${run + 1}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`);
    }
    const parts = GOALS.map((goal) => {
      const value = median(scores.get(goal.id)!);
      return `${goal.label} ${value} (goal ≥ ${goal.min}: ${value >= goal.min ? 'met' : 'NOT met'})`;
    });
    console.log(`Lighthouse ${path.padEnd(6)} median of ${RUNS}: ${parts.join(', ')}`);
    console.log(`    runs: ${GOALS.map((goal) => `${goal.label} ${scores.get(goal.id)!.join('/')}`).join(', ')}; ${timings.join(' | ')}`);
  }
} finally {
  preview.kill('SIGTERM');
  chromium.kill('SIGTERM');
  // The browser writes to its profile until it has exited: removing it earlier failed with ENOTEMPTY.
  if (chromium.exitCode === null && chromium.signalCode === null) await new Promise((resolve) => chromium.once('exit', resolve));
  await rm(profile, { recursive: true, force: true, maxRetries: 3 });
}
