import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { streamText } from '@/shared/ai/chat.ts';
import type { Database as Schema } from '@/shared/data/database.types.ts';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { streamWorkflowRun } from '@/shared/data/workflowRuns.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { startLocalStack } from '@/supabase/local/server.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI } from '../fixtures/fake-openai.ts';
import { freshDatabase } from '../helpers/stack.ts';
import { promptStep as step } from '../fixtures/workflows.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * `npm run bench`: workflow runs through the run-workflow Edge Function, against the fake provider
 * answering after 1 s (PGlite).
 * (a) a 5-step workflow: what the engine adds per step on top of the provider (saving each step,
 *     resolving its prompt, streaming the events) = (run time − 5 × one direct call) / 5. Goal ≤ 50 ms.
 * (b) a "for each" step over 20 items at concurrency 5 against the same step one by one. Goal ≥ 4× faster.
 */
const LATENCY_MS = 1000;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const fake = await startFakeOpenAI({ chunkDelayMs: 0 });
  await fetch(`${fake.url}/__fake/config`, { method: 'POST', body: JSON.stringify({ firstByteMs: LATENCY_MS }) });
  process.env.TEST_DB = 'pglite';
  const { db, drop } = await freshDatabase('pglite');
  const stack = await startLocalStack({ db, config: { port: 0, logRequests: false, functionSecrets: { AI_BASE_URL: fake.baseURL } } });
  try {
    console.log(`\nWorkflows (PGlite, fake provider answering after ${LATENCY_MS} ms)`);
    console.log(
      `load average at start: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    // A real account signed in with its password: the Edge Function checks the caller with Auth.
    const email = `flows-${randomUUID().slice(0, 8)}@bench.test`;
    const admin = createClient<Schema>(stack.url, stack.config.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const made = await admin.auth.admin.createUser({ email, password: 'bench-password-42', email_confirm: true });
    if (made.error) throw new Error(made.error.message);
    const client = createClient<Schema>(stack.url, stack.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const signedIn = await client.auth.signInWithPassword({ email, password: 'bench-password-42' });
    if (signedIn.error) throw new Error(signedIn.error.message);
    const target = { provider: 'openai' as const, model: 'gpt-4o-mini', apiKey: FAKE_OPENAI_GOOD_KEY };
    const save = async (name: string, steps: WorkflowStep[]) => {
      const saved = await createWorkflow(client, {
        name,
        description: '',
        definition: { version: WORKFLOW_DEFINITION_VERSION, provider: 'openai', model: 'gpt-4o-mini', steps },
      });
      if (saved.error) throw new Error(saved.error.message);
      return saved.data.id;
    };
    const run = async (workflowId: string, onEvent: Parameters<typeof streamWorkflowRun>[3] = () => undefined) => {
      const started = performance.now();
      const result = await streamWorkflowRun(
        client,
        { action: 'start', workflowId, fieldValues: { topic: 'pricing' }, trigger: 'dashboard', ...target },
        new AbortController().signal,
        onEvent,
      );
      if (result.error || result.data.status !== 'done') throw new Error(`run failed: ${result.error?.message ?? result.data?.error}`);
      return performance.now() - started;
    };

    // (a) One direct call of the provider (the same prompt size) is the baseline a step cannot beat.
    const direct: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await streamText({
        target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
        model: 'gpt-4o-mini',
        prompt: `Research pricing ${i}`,
        usage: usageLog('workflow_step'),
        settings: { baseUrls: { openai: fake.baseURL } },
      });
      direct.push(performance.now() - started);
    }
    const baseline = median(direct);
    const fiveSteps = await save('Five steps', [
      step('research', 'Research [topic].'),
      step('outline', 'Outline:\n{{steps.research.output}}'),
      step('draft', 'Draft:\n{{steps.outline.output}}'),
      step('polish', 'Polish:\n{{steps.draft.output}}'),
      step('summary', 'Summarise:\n{{steps.polish.output}}'),
    ]);
    await run(fiveSteps); // warm-up: the function's first load
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await run(fiveSteps));
    const overhead = (median(runs) - 5 * baseline) / 5;
    console.log(`(a) 5-step workflow: run ${median(runs).toFixed(0)} ms (median of 3), one direct provider call ${baseline.toFixed(0)} ms`);
    console.log(`    overhead per step ${overhead.toFixed(1)} ms   goal ≤ 50 ms: ${verdict(overhead <= 50)}`);

    // (b) The for-each step's own time, from its start to its end, at concurrency 5 and 1.
    const forEachTime = async (concurrency: number) => {
      const id = await save(`For each ×${concurrency}`, [
        step('products', 'List 20 course ideas for bakers, one per line'),
        step('descriptions', 'Describe: {{item}}', { kind: 'for_each', forEach: { source: 'products', split: 'lines', concurrency } }),
      ]);
      let startedAt = 0;
      let endedAt = 0;
      await run(id, (event) => {
        if (event.type === 'step' && event.position === 1) startedAt = performance.now();
        if (event.type === 'step-end' && event.position === 1) endedAt = performance.now();
      });
      return endedAt - startedAt;
    };
    const parallel = await forEachTime(5);
    const serial = await forEachTime(1);
    const speedup = serial / parallel;
    console.log(`(b) for each over 20 items: one by one ${(serial / 1000).toFixed(1)} s, 5 at once ${(parallel / 1000).toFixed(1)} s`);
    console.log(`    speed-up ${speedup.toFixed(2)}×   goal ≥ 4×: ${verdict(speedup >= 4)}`);
    console.log(
      `load average at end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await stack.stop();
    await drop();
    await fake.close();
  }
}

await main();
