import { describe, expect, it } from 'vitest';
import { envOr, joinUrl } from '@/shared/core/config.ts';
import { createTypedStorage, memoryStore, STORAGE_SCHEMA, STORAGE_VERSION_KEY } from '@/shared/storage.ts';

describe('typed storage', () => {
  it('is versioned', () => {
    expect(STORAGE_SCHEMA.version).toBe(1);
  });

  it('reads defaults, round-trips values, and keeps the key as a plain string', async () => {
    const raw = memoryStore();
    const storage = createTypedStorage(raw);
    expect(await storage.get('openai_api_key')).toBeNull();
    expect(await storage.get('supabaseUser')).toBeNull();

    await storage.set('openai_api_key', 'sk-test');
    await storage.set('supabaseUser', { id: 'u1', email: 'a@example.com' });
    expect(await raw.getItem('openai_api_key')).toBe('sk-test');
    expect(await raw.getItem(STORAGE_VERSION_KEY)).toBe('1');
    expect(await storage.get('supabaseUser')).toEqual({ id: 'u1', email: 'a@example.com' });

    await storage.set('openai_api_key', null);
    expect(await raw.getItem('openai_api_key')).toBeNull();
    await storage.remove('supabaseUser');
    expect(await storage.get('supabaseUser')).toBeNull();
  });

  it('reads unparseable values as the default', async () => {
    const storage = createTypedStorage(memoryStore({ supabaseUser: '{not json' }));
    expect(await storage.get('supabaseUser')).toBeNull();
  });
});

describe('config helpers', () => {
  it('falls back when env is missing or blank', () => {
    expect(envOr(undefined, 'x')).toBe('x');
    expect(envOr('  ', 'x')).toBe('x');
    expect(envOr(' y ', 'x')).toBe('y');
  });

  it('joins URLs', () => {
    expect(joinUrl('http://127.0.0.1:5173/', '/auth')).toBe('http://127.0.0.1:5173/auth');
    expect(joinUrl('http://127.0.0.1:5173', 'auth')).toBe('http://127.0.0.1:5173/auth');
  });
});
