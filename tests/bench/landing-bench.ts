import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { bin, root, waitForHttp } from '../../scripts/lib/proc.ts';

/**
 * What a first visit downloads: the production build of the dashboard (dist/web, `npm run
 * build:web` first) served by `vite preview`, each public page opened in a fresh Chromium context,
 * every JavaScript file it loads counted with its gzip size (what a compressing server sends).
 * Goals: `/` ≤ 150 KB, `/auth` ≤ 200 KB of JavaScript gzip.
 */
// Outside the end-to-end tests' ports (4173 and up, or E2E_PORT_BASE).
const PORT = Number(process.env.LANDING_BENCH_PORT ?? 4391);
const GOALS: { path: string; kb: number }[] = [
  { path: '/', kb: 150 },
  { path: '/auth', kb: 200 },
];

const preview = spawn(bin('vite'), ['preview', '--config', 'web/vite.config.ts', '--port', String(PORT), '--strictPort'], {
  cwd: root,
  stdio: 'ignore',
});
// The preview server never outlives the bench, whichever way it ends.
process.on('exit', () => preview.kill('SIGTERM'));
try {
  await waitForHttp(`http://127.0.0.1:${PORT}/`, 60_000);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  for (const goal of GOALS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (url.endsWith('.js')) reads.push(response.body().then((body) => void scripts.set(url, gzipSync(body).length)));
    });
    await page.goto(`http://127.0.0.1:${PORT}${goal.path}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
    const verdict = total <= goal.kb ? 'met' : 'NOT met';
    console.log(
      `${goal.path.padEnd(10)} ${String(scripts.size).padStart(3)} JavaScript files, ${total.toFixed(1)} KB gzip (goal ≤ ${goal.kb} KB: ${verdict})`,
    );
    if (process.env.LANDING_BENCH_LIST)
      for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KB  ${url.replace(/^.*\/assets\//, '')}`);
    await context.close();
  }
  await browser.close();
} finally {
  preview.kill('SIGTERM');
}
