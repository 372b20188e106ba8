import { randomBytes } from 'node:crypto';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import type { WorkflowSchedule } from '@/shared/core/workflows/schedule.ts';
import type { FakeOpenAI } from '../fixtures/fake-openai.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import type { Person } from './documents-helpers.ts';

/** Shared by the scheduled-workflow integration files: workflows to schedule, a stack with stored keys. */

export const daily: WorkflowSchedule = { frequency: 'daily', time: '09:00', weekday: null, timeZone: 'Europe/Paris' };

export const definition = (...steps: WorkflowStep[]): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: 'openai',
  model: 'gpt-4o-mini',
  steps,
});

/** Two steps; the field has a default, so nobody needs to fill it in. */
export const digest = definition(
  promptStep('research', 'Research [topic=pricing pages] for creators.'),
  promptStep('draft', 'Draft a newsletter from:\n{{steps.research.output}}'),
);

/** A stack whose functions reach the fake provider and can store provider keys (encrypted). */
export const scheduleStack = (ai: FakeOpenAI, schedulerIntervalMs = 0): Promise<TestStack> =>
  startTestStack({
    config: {
      schedulerIntervalMs,
      functionSecrets: {
        AI_BASE_URLS: JSON.stringify({ openai: `${ai.url}/v1` }),
        PROVIDER_KEYS_SECRET: randomBytes(32).toString('base64'),
      },
    },
  });

/** Saves the owner's OpenAI key to their account through the provider-keys function (encrypted at rest). */
export async function storeKey(who: Person, key: string): Promise<void> {
  const { error } = await who.client.functions.invoke('provider-keys', {
    body: { action: 'save', userId: who.userId, values: { openai_api_key: key } },
  });
  if (error) throw new Error(`could not store the key: ${error.message}`);
}

/** Makes a scheduled workflow due a minute ago. */
export const makeDue = (stack: TestStack, id: string) =>
  stack.db.query("update public.workflows set next_run_at = now() - interval '1 minute' where id = $1", [id]);
