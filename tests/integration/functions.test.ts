import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPeerAddress } from '@/supabase/local/context.ts';
import { createMailHandler } from '@/supabase/local/mail/routes.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ config: { functionsDir: new URL('../fixtures/functions/', import.meta.url).pathname } });
});
afterAll(async () => stack?.close());

/** What supabase-js sends when no one is signed in: the anon key as the bearer JWT. */
const anonAuth = () => ({ apikey: stack.config.anonKey, authorization: `Bearer ${stack.config.anonKey}` });

describe('/functions/v1', () => {
  it('runs a handler through supabase-js functions.invoke and forwards the caller’s Authorization', async () => {
    const { data, error } = await stack.anon().functions.invoke('echo-auth', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/functions/v1/echo-auth',
      authorization: `Bearer ${stack.config.anonKey}`,
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(data.supabaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('checks the JWT before a function runs, as hosted (verify_jwt), and lets preflights through', async () => {
    const call = async (authorization?: string) => {
      const res = await fetch(`${stack.url}/functions/v1/echo-auth`, {
        method: 'POST',
        headers: { apikey: stack.config.anonKey, ...(authorization ? { authorization } : {}) },
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await call()).toEqual({ status: 401, body: { code: 401, message: 'Missing authorization header' } });
    expect(await call('Bearer not-a-jwt')).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
    const forged = `${stack.config.anonKey.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect(await call(`Bearer ${forged}`)).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
    expect((await call(`Bearer ${stack.config.serviceRoleKey}`)).status).toBe(200);
    const preflight = await fetch(`${stack.url}/functions/v1/echo-auth`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(preflight.status).toBeLessThan(300);
  });

  it('answers 404 for an unknown function and for path tricks', async () => {
    for (const name of ['missing', '..%2F..%2Fpackage.json', '.hidden']) {
      const res = await fetch(`${stack.url}/functions/v1/${name}`, { method: 'POST', headers: anonAuth() });
      expect(res.status).toBe(404);
    }
  });

  it('turns a thrown error into a clean 500 without taking the stack down', async () => {
    const res = await fetch(`${stack.url}/functions/v1/broken`, { method: 'POST', headers: anonAuth() });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'WORKER_ERROR' });
    const again = await fetch(`${stack.url}/functions/v1/echo-auth`, { headers: anonAuth() });
    expect(again.status).toBe(200);
  });
});

describe('gateway', () => {
  it('requires an apikey on /rest/v1 like Kong does', async () => {
    const res = await fetch(`${stack.url}/rest/v1/saved_prompts`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await fetch(`${stack.url}/rest/v1/saved_prompts`, { headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
  });

  it('answers CORS preflights for browser clients', async () => {
    const res = await fetch(`${stack.url}/rest/v1/saved_prompts`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('refuses oversized bodies with 413 before touching the database', async () => {
    const big = 'x'.repeat(stack.config.maxBodyBytes + 10);
    const res = await fetch(`${stack.url}/rest/v1/saved_prompts`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify([{ name: big }]),
    });
    expect(res.status).toBe(413);
  });

  it('reports a taken port clearly', async () => {
    const { startLocalStack } = await import('@/supabase/local/server.ts');
    await expect(startLocalStack({ db: stack.db, config: { port: stack.config.port, logRequests: false } })).rejects.toThrow(
      /already in use/,
    );
  });
});

describe('mailbox', () => {
  it('answers this machine only: a request from another address is refused, loopback reads it', async () => {
    const handler = createMailHandler(stack);
    const fromElsewhere = new Request(`${stack.url}/mail/api/messages`);
    setPeerAddress(fromElsewhere, '203.0.113.5');
    const refused = await handler(fromElsewhere, '/api/messages');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'The mailbox can only be read from the machine the stack runs on.' });
    const fromMappedRemote = new Request(`${stack.url}/mail/`);
    setPeerAddress(fromMappedRemote, '::ffff:192.168.1.20');
    expect((await handler(fromMappedRemote, '/')).status).toBe(403);
    // Over the network from loopback (as every test and the developer's browser): readable.
    expect((await fetch(`${stack.url}/mail/api/messages`)).status).toBe(200);
  });
});
