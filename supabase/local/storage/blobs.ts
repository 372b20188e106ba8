import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile, copyFile, rename } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { ERRORS } from './errors.ts';

/** The characters storage-api accepts in an object key (its isValidKey). */
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** Refuses keys storage-api refuses, and any key that would leave the bucket's directory. */
export function checkKey(key: string): void {
  const segments = key.split('/');
  if (!key || !VALID_KEY.test(key) || key.startsWith('/') || segments.some((s) => s === '..' || s === '.')) {
    throw ERRORS.invalidKey(key);
  }
}

/** Object bytes on disk: <root>/<bucket>/<key>, one file per object. */
export class BlobStore {
  constructor(private readonly root: string) {}

  private path(bucket: string, key: string): string {
    checkKey(key);
    const base = resolve(this.root, bucket);
    const full = resolve(base, key);
    if (!full.startsWith(base + sep) || bucket.includes('/') || bucket.includes('..')) throw ERRORS.invalidKey(key);
    return full;
  }

  async write(bucket: string, key: string, bytes: Uint8Array): Promise<void> {
    const file = this.path(bucket, key);
    await mkdir(dirname(file), { recursive: true });
    // Written aside then renamed: a reader never sees half an object.
    await writeFile(`${file}.part`, bytes);
    await rename(`${file}.part`, file);
  }

  async read(bucket: string, key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(bucket, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(bucket: string, key: string): Promise<void> {
    await rm(this.path(bucket, key), { force: true });
  }

  async copy(fromBucket: string, fromKey: string, toBucket: string, toKey: string, move = false): Promise<void> {
    const from = this.path(fromBucket, fromKey);
    const to = this.path(toBucket, toKey);
    await mkdir(dirname(to), { recursive: true });
    if (move) await rename(from, to);
    else await copyFile(from, to);
  }

  async removeBucket(bucket: string): Promise<void> {
    if (!bucket || bucket.includes('/') || bucket.includes('..')) return;
    await rm(resolve(this.root, bucket), { recursive: true, force: true });
  }
}

export const etag = (bytes: Uint8Array): string => `"${createHash('md5').update(bytes).digest('hex')}"`;
