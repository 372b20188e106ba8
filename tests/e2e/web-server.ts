import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AI_BASE_URLS, EXTENSION_OUT_DIR, STACK_URL, WEB_OUT_DIR, WEB_PORT, WEB_URL } from './ports.ts';

/**
 * The dashboard of the e2e run (started by playwright.config.ts): the dashboard and the unpacked
 * Chrome extension are built against this run's stack at the same time (one build waits on a
 * single core for most of its time, so side by side they take little more than the longer one),
 * then the dashboard's production bundle is served by `vite preview` (SPA fallback for deep links).
 * The extension's manifest is the shipped one (no extra host access): the tests reach the test
 * pages the way users reach any site, through "Read this page" and the browser's prompt.
 * E2E_SKIP_EXTENSION_BUILD=1 keeps the extension built by an earlier run.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (path: string) => `${root}node_modules/${path}`;

function build(label: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} build failed (exit ${code})`))));
  });
}

const dashboardEnv = {
  VITE_SUPABASE_URL: STACK_URL,
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_e2e',
  VITE_AI_BASE_URLS: AI_BASE_URLS,
};
const vite = (...args: string[]) => [bin('vite/bin/vite.js'), ...args, '--config', 'web/vite.config.ts', '--outDir', WEB_OUT_DIR];

await Promise.all([
  build('dashboard', vite('build', '--logLevel', 'warn', '--emptyOutDir'), dashboardEnv),
  process.env.E2E_SKIP_EXTENSION_BUILD === '1'
    ? Promise.resolve()
    : build('extension', [bin('wxt/bin/wxt.mjs'), 'build'], {
        WXT_OUT_DIR: EXTENSION_OUT_DIR,
        WXT_SUPABASE_URL: STACK_URL,
        WXT_DASHBOARD_URL: WEB_URL,
        WXT_AI_BASE_URLS: AI_BASE_URLS,
      }),
]);

const preview = spawn(process.execPath, vite('preview', '--port', String(WEB_PORT), '--strictPort', '--host', '127.0.0.1'), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...dashboardEnv },
});
preview.once('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => preview.kill(signal));
