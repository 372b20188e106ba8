import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorReport } from '@/shared/core/admin/clientErrors.ts';
import { reportClientError } from '@/shared/data/clientErrors.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { person, type Person } from './documents-helpers.ts';

/**
 * Page errors reach monitoring (report-error Edge Function → monitoring_events, kind client_error):
 * what and where, the account when signed in, never more than 10 per reporter in 10 minutes.
 */

let stack: TestStack;
let user: Person;
let master: Person;

beforeAll(async () => {
  stack = await startTestStack();
  user = await person(stack, 'page-errors-user');
  master = await person(stack, 'page-errors-master', 'master_admin');
});
afterAll(async () => stack?.close());

interface EventRow {
  source: string;
  message: string;
  detail: { route: string; release: string; reporter: string };
  user_id: string | null;
}
const clientErrors = async () =>
  (
    await stack.db.query<EventRow>(
      `select source, message, detail, user_id from public.monitoring_events where kind = 'client_error' order by id`,
    )
  ).rows;

describe(`page errors in monitoring (${testDbKind})`, () => {
  it('records a signed-in page error with its route pattern and release, and shows it on the monitoring card', async () => {
    const report = clientErrorReport(new TypeError('boom'), '/workspace/1b6c0a52-8a0e-4c34-9a57-63d1a2a0b8f1', '0.1.0', 'dashboard');
    expect(await reportClientError(user.client, report)).toEqual({ data: undefined, error: null });
    expect(await clientErrors()).toEqual([
      {
        source: 'dashboard',
        message: 'TypeError: boom',
        detail: { route: '/workspace/:workspaceId', release: '0.1.0', reporter: `user:${user.userId}` },
        user_id: user.userId,
      },
    ]);
    const counts = await master.client.rpc('monitoring_event_counts');
    expect((counts.data as { kind: string }[] | null)?.find((c) => c.kind === 'client_error')).toMatchObject({
      kind: 'client_error',
      last_day: 1,
      last_week: 1,
    });
  });

  it('records a visitor’s error under a hashed address, not an account', async () => {
    const report = clientErrorReport(new Error('public page'), '/free-tools', '0.1.0', 'dashboard');
    expect((await reportClientError(stack.anon(), report)).error).toBeNull();
    const visitor = (await clientErrors()).at(-1)!;
    expect(visitor.user_id).toBeNull();
    expect(visitor.detail.reporter).toMatch(/^ip:[0-9a-f]{16}$/);
  });

  it('refuses a report that is not one, and one over the limit', async () => {
    const bad = await user.client.functions.invoke('report-error', {
      body: { message: 'x', route: 'not a route', release: '1', surface: 'x' },
    });
    expect(bad.response?.status).toBe(400);
    const before = (await clientErrors()).length;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await user.client.functions.invoke('report-error', {
        body: clientErrorReport(new Error(`loop ${i}`), '/dashboard', '0.1.0', 'sidepanel'),
      });
      statuses.push(res.response?.status ?? 0);
    }
    // The first report above counts too: 9 more fit in the 10 minutes, the tenth is refused.
    expect(statuses).toEqual([...Array<number>(9).fill(202), 429]);
    expect((await clientErrors()).length).toBe(before + 9);
    const limited = await reportClientError(user.client, clientErrorReport(new Error('again'), '/dashboard', '0.1.0', 'popup'));
    expect(limited.error).toEqual({ message: 'Too many reports; try again later.', code: 'rate_limited', kind: 'limit' });
  });
});
