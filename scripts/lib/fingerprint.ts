import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * A build's inputs as one hash: every file under the given paths (names and contents, in a fixed
 * order) and the environment the build bakes in. `npm start` rebuilds only when it changed.
 */
export async function sourcesFingerprint(root: string, paths: string[], env: Record<string, string>): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [];
  const visit = async (path: string): Promise<void> => {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => null);
    if (!entries) {
      files.push(path);
      return;
    }
    for (const entry of entries) if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) await visit(join(path, entry.name));
  };
  for (const path of paths) await visit(join(root, path));
  for (const file of files.sort()) {
    const content = await readFile(file).catch(() => null);
    hash.update(`${relative(root, file)}\0${content ? content.length : -1}\0`);
    if (content) hash.update(content);
  }
  for (const key of Object.keys(env).sort()) hash.update(`${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** The fingerprint the last build left, or null. */
export const readStamp = (file: string): Promise<string | null> =>
  readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );

export const writeStamp = (file: string, fingerprint: string): Promise<void> => writeFile(file, `${fingerprint}\n`);
