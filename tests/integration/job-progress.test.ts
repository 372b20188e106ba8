import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTopic, type JobProgress, type OtherJob } from '@/shared/core/jobs/progress.ts';
import { openJobBoard, type JobBoard } from '@/shared/data/jobProgress.ts';
import type { Database } from '@/shared/data/database.types.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { person, type Person } from './documents-helpers.ts';
import { subscribed } from './realtime-fixture.ts';

/**
 * Job progress between tabs (migration 20261128000300): a tab's Generate All reaches the user's
 * other tabs as presence on the private topic jobs:<user id>, ends when the job or the tab ends,
 * and no one else may join that topic.
 */

let stack: TestStack;
let me: Person;
let other: Person;
const boards: JobBoard[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await person(stack, 'jobs'), await person(stack, 'jobs-other')];
});
afterAll(async () => {
  for (const board of boards) board.close();
  await stack?.close();
});

/** A client of `who` of its own (Realtime takes its token from the session or accessToken, never from a global header). */
async function deviceOf(who: Person): Promise<AppClient> {
  const token = (await who.client.auth.getSession()).data.session!.access_token;
  return createClient<Database>(stack.url, stack.config.anonKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  });
}

/** A tab of `who` (its own client, as each browser tab has): the jobs it hears of, and a wait for a condition on them. */
async function tab(who: Person, key: string) {
  const client = await deviceOf(who);
  let latest: OtherJob[] = [];
  const waiters: { test: (jobs: OtherJob[]) => boolean; resolve: () => void }[] = [];
  const board = openJobBoard(client, who.userId, key, (jobs) => {
    latest = jobs;
    for (const waiter of waiters.filter((w) => w.test(jobs))) waiter.resolve();
  });
  boards.push(board);
  /** Resolves when what this tab hears passes `test`, failing after 10 s. */
  const until = (test: (jobs: OtherJob[]) => boolean, what: string) =>
    new Promise<OtherJob[]>((resolve, reject) => {
      if (test(latest)) return resolve(latest);
      const timer = setTimeout(() => reject(new Error(`${key}: ${what} did not happen; heard ${JSON.stringify(latest)}`)), 10_000);
      waiters.push({ test, resolve: () => (clearTimeout(timer), resolve(latest)) });
    });
  return { board, until, client };
}

const job = (done: number): JobProgress => ({
  kind: 'generateAll',
  title: 'Course launch',
  done,
  total: 19,
  path: '/prompt-stacks',
  browserId: 'browser-1',
});

describe(`job progress between tabs (${testDbKind})`, () => {
  it('shows one tab’s Generate All in the other tabs as it advances, and nothing once it ends or its tab closes', async () => {
    const running = await tab(me, 'tab-running');
    const watching = await tab(me, 'tab-watching');
    // A job shared before the join completes is sent once it does.
    running.board.share(job(0));
    let heard = await watching.until((jobs) => jobs.length === 1, 'the job appearing');
    expect(heard[0]).toEqual({ ...job(0), key: 'tab-running' });
    running.board.share(job(7));
    heard = await watching.until((jobs) => jobs[0]?.done === 7, 'progress 7 of 19');
    expect(heard).toHaveLength(1);
    running.board.share(null);
    await watching.until((jobs) => jobs.length === 0, 'the job ending');

    // A tab that closes mid-job takes its job with it (presence leaves).
    const closing = await tab(me, 'tab-closing');
    closing.board.share(job(3));
    await watching.until((jobs) => jobs.some((j) => j.key === 'tab-closing' && j.done === 3), 'the second tab’s job');
    closing.board.close();
    await watching.until((jobs) => jobs.length === 0, 'the closed tab’s job leaving');
  });

  it('never tells another user, and refuses them the topic', async () => {
    const mine = await tab(me, 'tab-mine');
    mine.board.share(job(5));
    const theirs = await tab(other, 'tab-theirs');
    const watching = await tab(me, 'tab-watch-2');
    await watching.until((jobs) => jobs.some((j) => j.key === 'tab-mine'), 'my own job');
    // The other user's board is on their own topic: nothing of mine arrives there.
    theirs.board.share(job(1));
    await watching.until((jobs) => jobs.length === 1, 'still only my job');
    // Joining my topic directly is refused by the policies.
    const intruder = (await deviceOf(other)).channel(jobTopic(me.userId), { config: { private: true, presence: { key: 'x' } } });
    await expect(subscribed(intruder)).rejects.toThrow(/permissions to read/);
    mine.board.share(null);
  });
});
