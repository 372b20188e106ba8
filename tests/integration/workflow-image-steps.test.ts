import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TEXTS } from '@/shared/core/images/imageModels.ts';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';
import { downloadPicture, listPictures } from '@/shared/data/generatedImages.ts';
import { getWorkflowRun, streamWorkflowRun, type RunRequest } from '@/shared/data/workflowRuns.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * A workflow's image step through the run-workflow Edge Function against the strict OpenAI fake:
 * the picture drawn from the step's resolved prompt is kept in the owner's folder of the
 * generated-images bucket with its generated_images row (purpose workflow) and one usage row
 * (feature images, one picture, the step's index); later steps read its description; a provider
 * without image models is refused before anything is asked; a run continued after a later step
 * failed never draws the finished picture again.
 */

let stack: TestStack;
let fake: FakeProvider;
let me: Person;

const MODEL = 'gpt-6.1-terra';
const target = { provider: 'openai' as const, model: MODEL, apiKey: FAKE_KEYS.openai.good };

beforeAll(async () => {
  fake = await startFakeProvider('openai', { chunkDelayMs: 1 });
  stack = await startTestStack({ config: { functionSecrets: { AI_BASE_URLS: JSON.stringify({ openai: fake.baseURL }) } } });
  me = await person(stack, 'flow-pictures');
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

const imageStep = (name: string, prompt: string, image: WorkflowStep['image']): WorkflowStep => ({
  ...promptStep(name, prompt),
  kind: 'image',
  image,
});

const definition = (...steps: WorkflowStep[]): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: 'openai',
  model: MODEL,
  steps,
});

const picturesAsked = (since: number) => fake.requests.slice(since).filter((r) => r.path.endsWith('/images/generations'));

async function run(request: RunRequest) {
  const events: RunEvent[] = [];
  const result = await streamWorkflowRun(me.client, request, new AbortController().signal, (e) => events.push(e));
  return { end: must(result), events };
}

const usageRows = async (runId: string) =>
  (
    await stack.db.query<{ feature: string; images: number; step_index: number | null; model: string }>(
      `select feature, images, step_index, model from public.usage_events
       where user_id = $1 and subject_kind = 'workflow_run' and subject_id = $2 order by step_index`,
      [me.userId, runId],
    )
  ).rows;

describe(`workflow image steps (${testDbKind})`, () => {
  it('draws the picture from the earlier output, keeps it in the owner’s folder with its row and one images usage row', async () => {
    const workflow = must(
      await createWorkflow(me.client, {
        name: 'Cover',
        description: '',
        definition: definition(
          promptStep('idea', 'A cover idea for [topic].'),
          imageStep('cover', 'Poster: {{steps.idea.output}}', { provider: 'openai', model: 'gpt-image-1.5', shape: 'landscape' }),
        ),
      }),
    );
    const since = fake.requests.length;
    const { end, events } = await run({
      action: 'start',
      workflowId: workflow.id,
      fieldValues: { topic: 'Tea' },
      trigger: 'dashboard',
      ...target,
    });
    expect(end.status).toBe('done');

    const asked = picturesAsked(since);
    expect(asked).toHaveLength(1);
    const body = asked[0]!.body as { model: string; prompt: string; size: string; n: number };
    expect(body).toMatchObject({ model: 'gpt-image-1.5', size: '1536x1024', n: 1 });
    expect(body.prompt.startsWith('Poster: ')).toBe(true);
    expect(body.prompt).toContain('A cover idea for Tea.');

    const stored = must(await getWorkflowRun(me.client, end.runId!));
    const cover = stored.steps[1]!;
    expect(cover).toMatchObject({ kind: 'image', status: 'done', model: 'gpt-image-1.5', prompt: body.prompt });
    expect(cover.output).toBe(WORKFLOW_TEXTS.imageOutput(body.prompt));
    expect(cover.imageId).toEqual(expect.any(String));
    const ended = events.find((e) => e.type === 'step-end' && e.position === 1);
    expect(ended).toMatchObject({ status: 'done', imageId: cover.imageId });

    const [picture] = must(await listPictures(me.client, { ids: [cover.imageId!] }));
    expect(picture).toMatchObject({ purpose: 'workflow', provider: 'openai', model: 'gpt-image-1.5', prompt: body.prompt });
    expect(picture!.path).toBe(`${me.userId}/${cover.imageId}.png`);
    expect([picture!.width, picture!.height]).toEqual([1536, 1024]);
    const bytes = must(await downloadPicture(me.client, picture!.path));
    expect(bytes.byteLength).toBe(picture!.size);

    const rows = await usageRows(end.runId!);
    expect(rows.map((r) => [r.feature, r.step_index, r.images])).toEqual([
      ['workflow_step', 0, 0],
      ['images', 1, 1],
    ]);
    expect(rows[1]!.model).toBe('gpt-image-1.5');
  });

  it('refuses an image step on a provider without image models when saved and when run, asking nothing', async () => {
    const refused = definition(imageStep('cover', 'A teapot.', { provider: 'anthropic', model: 'gpt-image-1.5', shape: 'square' }));
    const saved = await createWorkflow(me.client, { name: 'No pictures', description: '', definition: refused });
    expect(saved.error?.message).toBe(IMAGE_TEXTS.unsupported('anthropic'));

    // Written past the builder's check (an older client, the API): the run refuses it with the same sentence.
    const inserted = await stack.db.query<{ id: string }>(
      `insert into public.workflows (user_id, name, description, definition) values ($1, 'No pictures', '', $2) returning id`,
      [me.userId, JSON.stringify(refused)],
    );
    const since = fake.requests.length;
    const result = await streamWorkflowRun(
      me.client,
      { action: 'start', workflowId: inserted.rows[0]!.id, fieldValues: {}, trigger: 'dashboard', ...target },
      new AbortController().signal,
      () => undefined,
    );
    expect(result.error?.message).toBe(IMAGE_TEXTS.unsupported('anthropic'));
    expect(fake.requests.length).toBe(since);
  });

  it('never draws a finished picture again when the run goes on after a later step failed', async () => {
    const workflow = must(
      await createWorkflow(me.client, {
        name: 'Cover and caption',
        description: '',
        definition: definition(
          promptStep('idea', 'A cover idea for [topic].'),
          imageStep('cover', 'Poster: {{steps.idea.output}}', { provider: 'openai', model: 'gpt-image-1-mini', shape: 'square' }),
          promptStep('caption', 'A caption for:\n{{steps.cover.output}}'),
        ),
      }),
    );
    const before = must(await listPictures(me.client, { purpose: 'workflow' })).length;
    const since = fake.requests.length;
    // The idea and the picture answer; the caption's call fails three times (the call and both retries).
    fake.script([{}, {}, { status: 500 }, { status: 500 }, { status: 500 }]);
    const first = await run({ action: 'start', workflowId: workflow.id, fieldValues: { topic: 'Jam' }, trigger: 'dashboard', ...target });
    expect(first.end.status).toBe('failed');
    let stored = must(await getWorkflowRun(me.client, first.end.runId!));
    expect(stored.steps.map((s) => s.status)).toEqual(['done', 'done', 'failed']);
    const imageId = stored.steps[1]!.imageId;
    expect(imageId).toEqual(expect.any(String));

    const second = await run({ action: 'continue', runId: first.end.runId!, ...target });
    expect(second.end.status).toBe('done');
    expect(picturesAsked(since)).toHaveLength(1);
    stored = must(await getWorkflowRun(me.client, first.end.runId!));
    expect(stored.steps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(stored.steps[1]!.imageId).toBe(imageId);
    // The caption was asked about the description, with the note that a picture was made.
    expect(stored.steps[2]!.prompt).toContain(WORKFLOW_TEXTS.imageOutput(stored.steps[1]!.prompt));
    expect(must(await listPictures(me.client, { purpose: 'workflow' }))).toHaveLength(before + 1);
    const rows = await usageRows(first.end.runId!);
    expect(rows.filter((r) => r.feature === 'images').map((r) => [r.step_index, r.images])).toEqual([[1, 1]]);
  });
});
