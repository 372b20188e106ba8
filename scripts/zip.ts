import { rm } from 'node:fs/promises';
import { bin, root, run } from './lib/proc.ts';
import { storePackageProblems } from './lib/storePackage.ts';

/**
 * `npm run zip`: the packages for the Chrome Web Store and addons.mozilla.org, built for the
 * hosted project named in the environment (see storePackageProblems), into .output/ (or
 * WXT_OUT_DIR): `ai-vault-<version>-chrome.zip`, `ai-vault-<version>-firefox.zip` and the sources
 * zip Mozilla's review asks for. Mozilla's linter then checks the Firefox build; its errors fail
 * the command.
 */
const problems = storePackageProblems(process.env);
if (problems.length > 0) {
  console.error(`Store packages are built for your hosted project:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const outDir = process.env.WXT_OUT_DIR || `${root}.output`;
const env = { AI_VAULT_STORE_PACKAGE: '1' };
await rm(`${outDir}/chrome-mv3`, { recursive: true, force: true });
await rm(`${outDir}/firefox-mv2`, { recursive: true, force: true });
if ((await run(bin('wxt'), ['zip'], env)) !== 0) process.exit(1);
if ((await run(bin('wxt'), ['zip', '-b', 'firefox'], env)) !== 0) process.exit(1);
const lint = await run(bin('web-ext'), ['lint', '--source-dir', `${outDir}/firefox-mv2`, '--no-config-discovery']);
process.exit(lint);
