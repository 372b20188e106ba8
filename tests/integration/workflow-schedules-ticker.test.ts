import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { saveSchedule } from '@/shared/data/workflowSchedules.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person } from './documents-helpers.ts';
import { daily, digest, makeDue, scheduleStack, storeKey } from './schedule-helpers.ts';

/** The local stack's own scheduler: it calls run-scheduled-workflows by itself, as pg_cron does on hosted Supabase. */

let ai: FakeOpenAI;
let ticking: TestStack;

beforeAll(async () => {
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  ticking = await scheduleStack(ai, 100);
});
afterAll(async () => {
  await ticking?.close();
  await ai?.close();
});

describe(`the local stack's scheduler (${testDbKind})`, () => {
  it('calls the function on its own: a due workflow runs without anyone asking', async () => {
    const owner = await person(ticking, 'schedules-ticking');
    await storeKey(owner, FAKE_OPENAI_GOOD_KEY);
    const workflow = must(await createWorkflow(owner.client, { name: 'On its own', description: '', definition: digest }));
    must(await saveSchedule(owner.client, workflow, daily));
    await makeDue(ticking, workflow.id);
    // The mail is the last thing a scheduled run does: once it is there, the run is complete.
    await vi.waitFor(() => expect(ticking.mailbox.list(owner.email)[0]?.subject).toBe(SCHEDULE_TEXTS.mailDoneSubject('On its own')), {
      timeout: 20_000,
      interval: 100,
    });
    const { rows } = await ticking.db.query<{ status: string; trigger: string }>(
      'select status, trigger from public.workflow_runs where workflow_id = $1',
      [workflow.id],
    );
    expect(rows).toEqual([{ status: 'done', trigger: 'schedule' }]);
  });
});
