import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissGettingStarted, markExtensionConnected, visitDashboard } from '@/shared/data/gettingStarted.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** The dashboard's first-run checklist (migration 20261201000700): first visit, steps ticked by what the account has, hiding it. */
let stack: TestStack;
let user: Person;
let other: Person;

beforeAll(async () => {
  stack = await startTestStack();
  user = await person(stack, 'getting-started');
  other = await person(stack, 'getting-started-other');
});
afterAll(async () => stack?.close());

const NOTHING_DONE = { hasKey: false, hasPrompt: false, hasKnowledge: false, extensionConnected: false, dismissed: false };

describe(`getting started (${testDbKind})`, () => {
  it('says the first dashboard visit is one, and every later one a return', async () => {
    expect(must(await visitDashboard(user.client))).toEqual({ returning: false, ...NOTHING_DONE });
    expect(must(await visitDashboard(user.client))).toEqual({ returning: true, ...NOTHING_DONE });
  });

  it('ticks each step from what the account has, wherever it was done', async () => {
    await user.client.from('user_api_keys').upsert({ user_id: user.userId, openai_api_key: null });
    expect(must(await visitDashboard(user.client)).hasKey).toBe(false);
    await user.client.from('user_api_keys').upsert({ user_id: user.userId, openai_api_key: 'sk-test' });
    await user.client.from('saved_prompts').insert({ user_id: user.userId, name: 'Hooks', prompt_text: 'Write hooks for [product].' });
    await user.client.from('kb_documents').insert({ user_id: user.userId, name: 'Voice', type: 'text', content: 'Friendly.' });
    must(await markExtensionConnected(user.client, user.userId));
    expect(must(await visitDashboard(user.client))).toEqual({
      returning: true,
      hasKey: true,
      hasPrompt: true,
      hasKnowledge: true,
      extensionConnected: true,
      dismissed: false,
    });
    // Another account's first visit knows nothing of this one's.
    expect(must(await visitDashboard(other.client))).toEqual({ returning: false, ...NOTHING_DONE });
  });

  it('hides the checklist for good once dismissed, for its owner only', async () => {
    must(await dismissGettingStarted(other.client, other.userId));
    expect(must(await visitDashboard(other.client)).dismissed).toBe(true);
    const forged = await other.client.from('getting_started').update({ dismissed_at: null }).eq('user_id', user.userId).select('user_id');
    expect(forged).toMatchObject({ data: [], error: null });
    const visitor = await stack.anon().rpc('visit_dashboard');
    expect({ status: visitor.status, code: visitor.error?.code }).toEqual({ status: 401, code: '42501' });
  });
});
