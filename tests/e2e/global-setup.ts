import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds the Chrome extension so extension.spec.ts always loads the current code. */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_EXTENSION_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, [`${root}node_modules/wxt/bin/wxt.mjs`, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
