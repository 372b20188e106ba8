import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartupIdeaContent } from '../../shared/core/ideas.ts';
import * as ideas from '../../shared/data/ideas.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Saved startup ideas follow the account (migration 20261123001500). */

let stack: TestStack;
let me: Person;
let other: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await person(stack, 'ideas'), await person(stack, 'ideas-other')];
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

  it('are private to their owner', async () => {
    const mine = must(await ideas.saveIdea(me.client, idea('Secret')));
    expect(must(await ideas.listIdeas(other.client))).toEqual([]);
    expect(must(await ideas.getIdea(other.client, mine.id))).toBeNull();
    expect(must(await ideas.deleteIdea(other.client, mine.id))).toBe(false);
  });
});
