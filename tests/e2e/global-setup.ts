import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXTENSION_OUT_DIR, OPENAI_URL, STACK_URL, WEB_URL } from './ports.ts';

/**
 * Builds the Chrome extension for this run: pointed at the e2e stack and dashboard, into a folder
 * of its own. Its manifest is the shipped one (no extra host access): the tests reach the test
 * pages the way users reach any site, through "Read this page" and the browser's prompt.
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_EXTENSION_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, [`${root}node_modules/wxt/bin/wxt.mjs`, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      WXT_OUT_DIR: EXTENSION_OUT_DIR,
      WXT_SUPABASE_URL: STACK_URL,
      WXT_DASHBOARD_URL: WEB_URL,
      WXT_AI_BASE_URL: `${OPENAI_URL}/v1`,
    },
  });
}
