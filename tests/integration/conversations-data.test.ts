import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as conversations from '@/shared/data/conversations.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Conversations follow the account (migration 20261126000200): turns in order, History's search, owner only. */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [await person(stack, 'chat'), await person(stack, 'chat-other'), await person(stack, 'chat-viewer', 'view_only')];
});
afterAll(async () => stack?.close());

const start = (client: Person['client'], first: string, answer: string) =>
  conversations.startConversation(client, {
    source: 'run',
    provider: 'openai',
    model: 'gpt-4o-mini',
    turns: [
      { role: 'user', content: first },
      { role: 'assistant', content: answer, provider: 'openai', model: 'gpt-4o-mini', status: 'done' },
    ],
  });

describe(`conversations (${testDbKind})`, () => {
  it('keep their turns in order with the model of each answer; follow-ups append, regenerate replaces the last answer', async () => {
    const started = must(await start(me.client, 'Write a tagline for a budgeting app\nFor students.', 'Save smarter.'));
    expect(started.title).toBe('Write a tagline for a budgeting app');
    expect(started.messages.map((m) => [m.position, m.role, m.content])).toEqual([
      [0, 'user', 'Write a tagline for a budgeting app\nFor students.'],
      [1, 'assistant', 'Save smarter.'],
    ]);

    must(
      await conversations.appendTurns(me.client, started.id, 2, [
        { role: 'user', content: 'Make it shorter' },
        { role: 'assistant', content: 'Save.', provider: 'anthropic', model: 'claude-3-5-haiku', status: 'stopped' },
      ]),
    );
    // Another tab that still thinks the conversation has two turns cannot interleave its own.
    const late = await conversations.appendTurns(me.client, started.id, 2, [{ role: 'user', content: 'Late' }]);
    expect(late.error?.code).toBe('23505');

    must(
      await conversations.replaceFrom(me.client, started.id, 3, [
        { role: 'assistant', content: 'Spend less, live more.', provider: 'openai', model: 'gpt-4o', status: 'done' },
      ]),
    );
    const loaded = must(await conversations.getConversation(me.client, started.id));
    expect(loaded.messages.map((m) => [m.position, m.role, m.content, m.model, m.status])).toEqual([
      [0, 'user', 'Write a tagline for a budgeting app\nFor students.', null, null],
      [1, 'assistant', 'Save smarter.', 'gpt-4o-mini', 'done'],
      [2, 'user', 'Make it shorter', null, null],
      [3, 'assistant', 'Spend less, live more.', 'gpt-4o', 'done'],
    ]);
    expect(loaded.updatedAt >= started.updatedAt).toBe(true);
    // Never one without turns: the conversation and its first messages are stored together.
    const empty = await conversations.startConversation(me.client, { source: 'chat', provider: 'openai', model: null, turns: [] });
    expect(empty.error?.code).toBe('22023');
    const broken = await conversations.startConversation(me.client, {
      source: 'chat',
      provider: 'openai',
      model: null,
      turns: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'x', status: 'done' },
        { role: 'robot' as 'user', content: 'y' },
      ],
    });
    expect(broken.error?.code).toBe('23514');
    expect(must(await conversations.searchConversations(me.client)).conversations.every((c) => c.turns > 0)).toBe(true);

    must(await conversations.setConversationModel(me.client, started.id, 'anthropic', 'claude-3-5-haiku'));
    expect(must(await conversations.getConversation(me.client, started.id))).toMatchObject({
      provider: 'anthropic',
      model: 'claude-3-5-haiku',
    });
  });

  it('are found in History by title or by any message, newest first, and renamed and deleted with their messages', async () => {
    const older = must(await start(me.client, 'Cold e-mail to a bakery', 'Dear baker, …'));
    const newer = must(await start(me.client, 'Instagram captions', 'Fresh bread every morning 🥖'));
    const byMessage = must(await conversations.searchConversations(me.client, { search: 'BREAD' }));
    expect(byMessage.conversations.map((c) => c.id)).toEqual([newer.id]);
    expect(byMessage.conversations[0]).toMatchObject({ title: 'Instagram captions', turns: 2, source: 'run' });
    // A follow-up moves the older one to the top.
    must(await conversations.appendTurns(me.client, older.id, 2, [{ role: 'user', content: 'Mention bread' }]));
    const both = must(await conversations.searchConversations(me.client, { search: 'bread' }));
    expect(both.conversations.map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(both.total).toBe(2);
    // % and _ are letters to the search, not wildcards.
    expect(must(await conversations.searchConversations(me.client, { search: '100%' })).total).toBe(0);

    expect(await conversations.renameConversation(me.client, older.id, '   ')).toMatchObject({
      error: { message: CONVERSATION_TEXTS.titleRequired, kind: 'invalid' },
    });
    expect(must(await conversations.renameConversation(me.client, older.id, '  Bakery  outreach '))).toEqual({
      id: older.id,
      title: 'Bakery outreach',
    });

    expect(must(await conversations.deleteConversation(me.client, older.id))).toBe(true);
    expect((await conversations.getConversation(me.client, older.id)).error?.kind).toBe('not_found');
    const { rows } = await stack.db.query('select 1 from public.conversation_messages where conversation_id = $1', [older.id]);
    expect(rows).toHaveLength(0);
  });

  it("are nobody else's: not listed, not read, not continued, not renamed, not deleted", async () => {
    const mine = must(await start(me.client, 'Private launch plan', 'Step 1: …'));
    expect(must(await conversations.searchConversations(other.client, { search: 'launch plan' })).total).toBe(0);
    expect((await conversations.getConversation(other.client, mine.id)).error?.kind).toBe('not_found');
    const forged = await conversations.appendTurns(other.client, mine.id, 2, [{ role: 'user', content: 'Injected' }]);
    expect(forged.error?.code).toBe('42501');
    expect((await conversations.renameConversation(other.client, mine.id, 'Mine now')).error?.kind).toBe('not_found');
    expect(must(await conversations.deleteConversation(other.client, mine.id))).toBe(false);
    // Nor pointed at another user's run.
    const { rows } = await stack.db.query<{ id: string }>(
      "insert into public.prompt_runs (user_id, prompt_name, final_prompt, provider, status) values ($1, 'Run', 'x', 'openai', 'done') returning id",
      [me.userId],
    );
    const linked = await conversations.startConversation(other.client, {
      source: 'run',
      provider: 'openai',
      model: null,
      promptRunId: rows[0]!.id,
      turns: [{ role: 'user', content: 'Hi' }],
    });
    expect(linked.error?.code).toBe('42501');
    expect(must(await conversations.getConversation(me.client, mine.id)).messages).toHaveLength(2);
  });

  it('are read but not started, continued, renamed or deleted by a view_only account, with a sentence that says why', async () => {
    const refusal = { message: 'View-only accounts cannot save, change or delete conversations.', code: '42501', kind: 'refused' };
    expect((await start(viewer.client, 'Hello', 'Hi')).error).toEqual(refusal);
    // One kept from before the role changed: readable, and nothing more.
    const { rows } = await stack.db.query<{ id: string }>(
      "insert into public.conversations (user_id, title, provider) values ($1, 'Kept chat', 'openai') returning id",
      [viewer.userId],
    );
    const kept = rows[0]!.id;
    await stack.db.query(
      "insert into public.conversation_messages (conversation_id, user_id, position, role, content) values ($1, $2, 0, 'user', 'Old')",
      [kept, viewer.userId],
    );
    expect(must(await conversations.getConversation(viewer.client, kept)).messages.map((m) => m.content)).toEqual(['Old']);
    expect(must(await conversations.searchConversations(viewer.client)).conversations.map((c) => c.title)).toEqual(['Kept chat']);
    expect((await conversations.appendTurns(viewer.client, kept, 1, [{ role: 'user', content: 'New' }])).error).toEqual(refusal);
    expect((await conversations.renameConversation(viewer.client, kept, 'Renamed')).error).toEqual(refusal);
    expect((await conversations.deleteConversation(viewer.client, kept)).error).toEqual(refusal);
    expect((await conversations.replaceFrom(viewer.client, kept, 0, [])).error).toEqual(refusal);
  });
});
