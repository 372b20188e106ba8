import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startScheduler, type Scheduler } from '@/supabase/local/scheduler.ts';

/**
 * The local stack's scheduler against a real HTTP server standing in for the
 * run-scheduled-workflows function (answering as slowly as a test needs).
 */

interface Seen {
  method: string;
  path: string;
  apikey: string | undefined;
  authorization: string | undefined;
}

let server: Server | undefined;
let scheduler: Scheduler | undefined;

afterEach(async () => {
  await scheduler?.stop();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = scheduler = undefined;
});

/** A server that answers each call after `answerMs` and records calls, concurrency and hang-ups. */
async function fakeFunction(answerMs: number, status = 200) {
  const seen: Seen[] = [];
  const state = { open: 0, maxOpen: 0, hungUp: 0 };
  const waiters: { count: number; resolve: () => void }[] = [];
  server = createServer((req: IncomingMessage, res) => {
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      apikey: req.headers.apikey as string,
      authorization: req.headers.authorization,
    });
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    for (const w of waiters.filter((w) => seen.length >= w.count)) w.resolve();
    const timer = setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? JSON.stringify({ ran: [] }) : JSON.stringify({ error: 'nope' }));
    }, answerMs);
    res.once('close', () => {
      state.open -= 1;
      if (!res.writableFinished) {
        clearTimeout(timer);
        state.hungUp += 1;
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/functions/v1/run-scheduled-workflows`;
  const calls = (count: number) => new Promise<void>((resolve) => (seen.length >= count ? resolve() : waiters.push({ count, resolve })));
  return { url, seen, state, calls };
}

describe('local scheduler', () => {
  it('POSTs to the function with the service role key, again and again', async () => {
    const fn = await fakeFunction(0);
    scheduler = startScheduler({ url: fn.url, serviceRoleKey: 'service-key', intervalMs: 10, log: () => undefined });
    await fn.calls(3);
    expect(fn.seen[0]).toEqual({
      method: 'POST',
      path: '/functions/v1/run-scheduled-workflows',
      apikey: 'service-key',
      authorization: 'Bearer service-key',
    });
  });

  it('never starts a tick while the previous one is still running', async () => {
    // Each call takes ten intervals: overlapping ticks would have several open at once.
    const fn = await fakeFunction(100);
    scheduler = startScheduler({ url: fn.url, serviceRoleKey: 'k', intervalMs: 10, log: () => undefined });
    await fn.calls(3);
    expect(fn.state.maxOpen).toBe(1);
  });

  it('stop() hangs up the call under way, and no call follows', async () => {
    const fn = await fakeFunction(60_000);
    const s = startScheduler({ url: fn.url, serviceRoleKey: 'k', intervalMs: 10, log: () => undefined });
    await fn.calls(1);
    await s.stop();
    const ticks = s.ticks;
    // Absence can only be shown by waiting: twenty intervals with nothing new.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.ticks).toBe(ticks);
    expect(fn.seen.length).toBe(1);
    expect(fn.state.hungUp).toBe(1);
  });

  it('tells a failing function once, not at every tick', async () => {
    const fn = await fakeFunction(0, 500);
    const logged: string[] = [];
    scheduler = startScheduler({ url: fn.url, serviceRoleKey: 'k', intervalMs: 5, log: (m) => logged.push(m) });
    await fn.calls(4);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^\[scheduler\] run-scheduled-workflows failed: 500 /);
  });
});
