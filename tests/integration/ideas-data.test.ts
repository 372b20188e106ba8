import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartupIdeaContent } from '@/shared/core/ideas.ts';
import * as ideas from '@/shared/data/ideas.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Saved startup ideas follow the account (migration 20261123001500). */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [
    await person(stack, 'ideas'),
    await person(stack, 'ideas-other'),
    await person(stack, 'ideas-viewer', 'view_only'),
  ];
});
afterAll(async () => stack?.close());

const idea = (name: string): StartupIdeaContent => ({
  name,
  description: `${name} helps small shops sell online.`,
  market: 'Independent retailers',
  targetUsers: 'Shop owners with under 10 staff',
  revenue: 'Subscription',
  competitors: ['Shopify', 'Square'],
  weaknesses: ['Crowded market'],
  businessPlan: { executive: 'Summary', market: 'Go to market', solution: 'The product' },
});

describe(`saved startup ideas (${testDbKind})`, () => {
  it('are saved with every field, listed newest first, opened and deleted', async () => {
    const first = must(await ideas.saveIdea(me.client, idea('ShopLift'), '  local retail  '));
    expect(first).toMatchObject({ ...idea('ShopLift'), sourcePrompt: 'local retail' });
    const second = must(await ideas.saveIdea(me.client, idea('CartCraft')));
    expect(must(await ideas.listIdeas(me.client)).map((i) => i.name)).toEqual(['CartCraft', 'ShopLift']);
    expect(must(await ideas.getIdea(me.client, first.id))?.businessPlan).toEqual(idea('x').businessPlan);
    expect(must(await ideas.deleteIdea(me.client, second.id))).toBe(true);
    expect(must(await ideas.listIdeas(me.client)).map((i) => i.name)).toEqual(['ShopLift']);
  });

  it('refuse an incomplete idea', async () => {
    expect((await ideas.saveIdea(me.client, { ...idea('Half'), competitors: [] })).error?.code).toBe('invalid');
  });

  it('are read but not saved, changed or deleted by a view_only account, with a sentence that says why', async () => {
    const refusal = { message: 'View-only accounts cannot save, change or delete ideas.', code: '42501' };
    expect((await ideas.saveIdea(viewer.client, idea('Blocked'))).error).toEqual({ ...refusal, kind: 'refused' });
    // Straight at the table too, and never in someone else's name.
    const direct = await viewer.client
      .from('startup_ideas')
      .insert({ name: 'Direct', description: 'x', business_plan: idea('x').businessPlan })
      .select('id');
    expect(direct.error?.code).toBe('42501');
    // An idea saved while the account could still edit stays readable and cannot be changed.
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.startup_ideas (user_id, name, description, business_plan) values ($1, 'Kept', 'Saved as an editor', '{"executive":"e","market":"m","solution":"s"}') returning id`,
      [viewer.userId],
    );
    const kept = rows[0]!.id;
    expect(must(await ideas.listIdeas(viewer.client)).map((i) => i.name)).toEqual(['Kept']);
    expect((await viewer.client.from('startup_ideas').update({ name: 'Renamed' }).eq('id', kept).select('id')).error).toMatchObject(
      refusal,
    );
    expect((await ideas.deleteIdea(viewer.client, kept)).error).toEqual({ ...refusal, kind: 'refused' });
    expect(must(await ideas.getIdea(viewer.client, kept))?.name).toBe('Kept');
  });

  it('are private to their owner', async () => {
    const mine = must(await ideas.saveIdea(me.client, idea('Secret')));
    expect(must(await ideas.listIdeas(other.client))).toEqual([]);
    expect(must(await ideas.getIdea(other.client, mine.id))).toBeNull();
    expect(must(await ideas.deleteIdea(other.client, mine.id))).toBe(false);
  });
});
