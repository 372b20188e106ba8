import { afterEach, describe, expect, it, vi } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { Authenticator } from '@/supabase/local/rest/auth.ts';
import type { RestRequest } from '@/supabase/local/rest/http.ts';

const SECRET = 'test-secret-test-secret-test-secret-00';
const keys = () => ({ jwtSecret: SECRET });

const requestWith = (token: string): RestRequest => ({
  method: 'GET',
  url: 'http://local/rest/v1/notes',
  headers: {
    get: (name) => (name === 'authorization' ? `Bearer ${token}` : null),
    forEach: () => undefined,
  },
  text: () => Promise.resolve(''),
  arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
});

afterEach(() => vi.useRealTimers());

describe('REST token cache', () => {
  it('answers a cached token from the cache, and refuses it once it has expired', async () => {
    const now = Date.now();
    const token = await signJwt({ sub: 'user-1', role: 'authenticated', exp: Math.floor(now / 1000) + 60 }, SECRET);
    const auth = new Authenticator(keys);
    const first = await auth.identify(requestWith(token));
    expect(first).toMatchObject({ role: 'authenticated', anonymous: false });
    expect(JSON.parse(first.claimsText)).toMatchObject({ sub: 'user-1' });
    // the clock both the cache and the verifier read
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 120_000);
    await expect(auth.identify(requestWith(token))).rejects.toMatchObject({ code: 'PGRST303' });
  });

  it('keeps two users apart: each token gets its own claims', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const auth = new Authenticator(keys);
    const a = await signJwt({ sub: 'user-a', role: 'authenticated', exp }, SECRET);
    const b = await signJwt({ sub: 'user-b', role: 'authenticated', exp }, SECRET);
    for (let i = 0; i < 3; i++) {
      expect(JSON.parse((await auth.identify(requestWith(a))).claimsText).sub).toBe('user-a');
      expect(JSON.parse((await auth.identify(requestWith(b))).claimsText).sub).toBe('user-b');
    }
  });
});
