import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStamp, sourcesFingerprint, writeStamp } from '../../scripts/lib/fingerprint.ts';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fingerprint-'));
  await mkdir(join(root, 'web/pages'), { recursive: true });
  await mkdir(join(root, 'web/node_modules'), { recursive: true });
  await writeFile(join(root, 'web/pages/a.tsx'), 'export const a = 1;');
  await writeFile(join(root, 'web/index.html'), '<div id="root"></div>');
  await writeFile(join(root, 'package-lock.json'), '{}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const print = (env: Record<string, string> = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321' }) =>
  sourcesFingerprint(root, ['web', 'package-lock.json', 'missing.ts'], env);

describe('sourcesFingerprint', () => {
  it('is stable while nothing changes, and ignores node_modules and dot files', async () => {
    const first = await print();
    await writeFile(join(root, 'web/node_modules/x.js'), 'changed');
    await writeFile(join(root, 'web/.cache'), 'changed');
    expect(await print()).toBe(first);
  });

  it('changes with a file’s content, a new file, a removed file and the baked-in environment', async () => {
    const seen = new Set([await print()]);
    await writeFile(join(root, 'web/pages/a.tsx'), 'export const a = 2;');
    seen.add(await print());
    await writeFile(join(root, 'web/pages/b.tsx'), '');
    seen.add(await print());
    await rm(join(root, 'web/index.html'));
    seen.add(await print());
    seen.add(await print({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }));
    expect(seen.size).toBe(5);
  });

  it('round-trips through the stamp file; no stamp reads as null', async () => {
    const stamp = join(root, 'stamp');
    expect(await readStamp(stamp)).toBeNull();
    await writeStamp(stamp, await print());
    expect(await readStamp(stamp)).toBe(await print());
  });
});
