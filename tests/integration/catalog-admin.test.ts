import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as admin from '@/shared/data/admin/catalog.ts';
import { getFreePrompt, listFreeStacks, listRecommendedPrompts } from '@/shared/data/promptCatalog.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { memoryClient } from './auth-helpers.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * The admin editors of the prompt catalogues through the real stack: admins add, change, order
 * and delete recommended prompts, free categories and free prompts; users and visitors cannot;
 * an admin reads a premium prompt's whole text without a plan, a Free user still gets the teaser.
 */

let stack: TestStack;
let boss: AppClient;
let user: AppClient;
let anon: AppClient;
let adminPerson: Person;

const recommendedDraft = {
  name: 'Catalog admin launch email',
  description: 'For a launch day',
  promptText: 'Write a launch email for [product].',
  category: 'Catalog Admin',
  tags: ['launch'],
  llmSuitability: ['anthropic'],
  isPublic: true,
};
const PREMIUM_TEXT =
  'Plan a premium launch for [product] over four weeks, with channels, budget split, daily tasks and the metrics to watch each week.';

beforeAll(async () => {
  stack = await startTestStack();
  adminPerson = await person(stack, 'catalog-admin', 'admin');
  boss = adminPerson.client as AppClient;
  user = (await person(stack, 'catalog-user')).client as AppClient;
  anon = stack.anon() as AppClient;
});
afterAll(async () => stack?.close());

describe(`catalogue editors (${testDbKind})`, () => {
  it('lets an admin add, hide, change and delete a recommended prompt; the public list follows', async () => {
    const { id } = must(await admin.saveRecommended(boss, null, recommendedDraft));
    const publicNames = async () =>
      must(await listRecommendedPrompts(user, { category: 'Catalog Admin' })).prompts.map((p) => [p.name, p.llmSuitability]);
    expect(await publicNames()).toEqual([['Catalog admin launch email', ['anthropic']]]);

    must(await admin.saveRecommended(boss, id, { ...recommendedDraft, name: 'Hidden launch email', isPublic: false }));
    expect(await publicNames()).toEqual([]);
    // The editor still lists it, hidden.
    expect(must(await admin.listRecommendedForAdmin(boss)).find((p) => p.id === id)).toMatchObject({
      name: 'Hidden launch email',
      isPublic: false,
    });
    expect(must(await admin.listRecommendedForAdmin(user)).find((p) => p.id === id)).toBeUndefined();

    expect((await admin.saveRecommended(boss, id, { ...recommendedDraft, category: ' ' })).error).toMatchObject({
      kind: 'invalid',
      message: CATALOG_TEXTS.categoryRequired,
    });
    must(await admin.deleteRecommended(boss, id));
    expect(must(await admin.listRecommendedForAdmin(boss)).find((p) => p.id === id)).toBeUndefined();
  });

  it('refuses recommended-prompt writes to users and visitors', async () => {
    const { id } = must(await admin.saveRecommended(boss, null, { ...recommendedDraft, name: 'Kept by admins' }));
    for (const client of [user, anon]) {
      expect((await admin.saveRecommended(client, null, recommendedDraft)).error?.kind).toBe('refused');
      expect((await admin.saveRecommended(client, id, { ...recommendedDraft, name: 'Taken over' })).error?.kind).toBe('refused');
      expect((await admin.deleteRecommended(client, id)).error?.kind).toBe('refused');
    }
    expect(must(await admin.listRecommendedForAdmin(boss)).find((p) => p.id === id)?.name).toBe('Kept by admins');
  });

  it('lets an admin build a free stack: categories and prompts with questions, in the order set', async () => {
    const before = must(await admin.listFreeCatalogForAdmin(boss));
    const { id: categoryId } = must(
      await admin.createFreeCategory(
        boss,
        { name: 'Launch Week!', description: 'Launch prompts' },
        before.categories.map((c) => c.id),
      ),
    );
    expect(categoryId).toBe('launch-week');
    // The same name again gets the next readable id.
    const again = must(
      await admin.createFreeCategory(boss, { name: 'Launch Week', description: '' }, [...before.categories.map((c) => c.id), categoryId]),
    );
    expect(again.id).toBe('launch-week-2');
    must(await admin.updateFreeCategory(boss, again.id, { name: 'Launch Week (spare)', description: 'Renamed' }));

    const draft = {
      name: 'Launch tweet',
      promptText: 'Tweet about [product] for [audience].',
      llmProvider: 'openai',
      isPremium: false,
      questions: [],
    };
    const first = must(await admin.createFreePrompt(boss, categoryId, draft, { takenIds: before.prompts.map((p) => p.id), position: 0 }));
    const second = must(
      await admin.createFreePrompt(
        boss,
        categoryId,
        { ...draft, name: 'Launch post', questions: [{ label: 'What are you launching?', placeholderKey: 'product' }] },
        { takenIds: [...before.prompts.map((p) => p.id), first.id], position: 1 },
      ),
    );
    const badQuestion = await admin.createFreePrompt(
      boss,
      categoryId,
      { ...draft, questions: [{ label: 'Topic?', placeholderKey: 'topic' }] },
      { takenIds: [], position: 2 },
    );
    expect(badQuestion.error).toMatchObject({ kind: 'invalid', message: CATALOG_TEXTS.questionKeyMissing('topic') });

    const inStack = async () =>
      must(await listFreeStacks(user))
        .prompts.filter((p) => p.categoryId === categoryId)
        .map((p) => p.name);
    expect(await inStack()).toEqual(['Launch tweet', 'Launch post']);
    must(await admin.reorderFreePrompts(boss, [second.id, first.id]));
    expect(await inStack()).toEqual(['Launch post', 'Launch tweet']);
    expect(must(await getFreePrompt(user, second.id))?.questions).toEqual([
      { label: 'What are you launching?', placeholderKey: 'product' },
    ]);

    const order = [again.id, categoryId, ...before.categories.map((c) => c.id)];
    must(await admin.reorderFreeCategories(boss, order));
    expect(must(await listFreeStacks(anon)).categories.map((c) => c.id)).toEqual(order);
    expect(must(await listFreeStacks(anon)).categories[0]).toMatchObject({ name: 'Launch Week (spare)', description: 'Renamed' });

    // Deleting a category takes its prompts with it.
    must(await admin.deleteFreeCategory(boss, categoryId));
    must(await admin.deleteFreeCategory(boss, again.id));
    const after = must(await listFreeStacks(anon));
    expect(after.categories.map((c) => c.id)).toEqual(before.categories.map((c) => c.id));
    expect(after.prompts.map((p) => p.id)).not.toContain(first.id);
  });

  it('reorders in one database call: numbering dense afterwards, rows not named after, a bad list changes nothing', async () => {
    // The admin's session in a client that counts its requests.
    const requests: string[] = [];
    const counted = memoryClient(stack, 'implicit', (input, init) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    }) as AppClient;
    const { data } = await boss.auth.getSession();
    expect((await counted.auth.setSession(data.session!)).error).toBeNull();

    const before = must(await admin.listFreeCatalogForAdmin(boss));
    const { id: categoryId } = must(
      await admin.createFreeCategory(
        boss,
        { name: 'Reorder Week', description: '' },
        before.categories.map((c) => c.id),
      ),
    );
    const draft = { name: 'Step', promptText: 'Plan [product].', llmProvider: 'openai', isPremium: false, questions: [] };
    const ids: string[] = [];
    for (const name of ['Step A', 'Step B', 'Step C'])
      ids.push(must(await admin.createFreePrompt(boss, categoryId, { ...draft, name }, { takenIds: ids, position: ids.length })).id);
    const [a, b, c] = ids as [string, string, string];
    // Repeated numbers, as a seed may leave them.
    await stack.db.query('update public.free_prompts set sort_order = 5 where category_id = $1', [categoryId]);
    const places = async () =>
      (
        await stack.db.query<{ id: string; sort_order: number }>(
          'select id, sort_order from public.free_prompts where category_id = $1 order by sort_order, id',
          [categoryId],
        )
      ).rows.map((r) => [r.id, r.sort_order]);

    requests.length = 0;
    must(await admin.reorderFreePrompts(counted, [c, a]));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('/rest/v1/rpc/reorder_free_prompts');
    expect(await places()).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);

    // An unknown id, a repeat or prompts of two categories: refused, and nothing moved.
    const otherPrompt = before.prompts.find((p) => p.categoryId !== categoryId)!.id;
    for (const bad of [
      [b, 'no-such-prompt'],
      [b, b],
      [b, otherPrompt],
    ]) {
      expect((await admin.reorderFreePrompts(boss, bad)).error).toEqual({
        message: 'The new order names an unknown prompt, one twice, or prompts of several categories.',
        code: '22023',
        kind: 'server',
      });
      expect(await places()).toEqual([
        [c, 1],
        [a, 2],
        [b, 3],
      ]);
    }

    const categoryOrder = [categoryId, ...before.categories.map((cat) => cat.id).reverse()];
    requests.length = 0;
    must(await admin.reorderFreeCategories(counted, categoryOrder));
    expect(requests).toHaveLength(1);
    const { rows } = await stack.db.query<{ id: string; sort_order: number }>(
      'select id, sort_order from public.free_prompt_categories order by sort_order, id',
    );
    expect(rows.map((r) => r.id)).toEqual(categoryOrder);
    expect(rows.map((r) => r.sort_order)).toEqual(categoryOrder.map((_id, index) => index + 1));
    expect((await admin.reorderFreeCategories(boss, [categoryId, 'no-such-category'])).error).toEqual({
      message: 'The new order names an unknown category or one twice.',
      code: '22023',
      kind: 'server',
    });
    expect((await stack.db.query('select id from public.free_prompt_categories order by sort_order, id')).rows.map((r) => r.id)).toEqual(
      categoryOrder,
    );

    must(
      await admin.reorderFreeCategories(
        boss,
        before.categories.map((cat) => cat.id),
      ),
    );
    must(await admin.deleteFreeCategory(boss, categoryId));
  });

  it('refuses free-stack writes to users and visitors', async () => {
    const catalog = must(await admin.listFreeCatalogForAdmin(boss));
    const category = catalog.categories[0]!;
    const prompt = catalog.prompts.find((p) => p.categoryId === category.id)!;
    for (const client of [user, anon]) {
      expect((await admin.createFreeCategory(client, { name: 'Mine now', description: '' }, [])).error?.kind).toBe('refused');
      expect((await admin.updateFreeCategory(client, category.id, { name: 'Mine now', description: '' })).error?.kind).toBe('refused');
      expect((await admin.deleteFreeCategory(client, category.id)).error?.kind).toBe('refused');
      expect((await admin.reorderFreeCategories(client, [category.id])).error?.kind).toBe('refused');
      expect(
        (await admin.createFreePrompt(client, category.id, { ...prompt, name: 'Mine' }, { takenIds: [], position: 0 })).error?.kind,
      ).toBe('refused');
      expect((await admin.updateFreePrompt(client, prompt.id, { ...prompt, name: 'Mine' })).error?.kind).toBe('refused');
      expect((await admin.reorderFreePrompts(client, [prompt.id])).error?.kind).toBe('refused');
      expect((await admin.deleteFreePrompt(client, prompt.id)).error?.kind).toBe('refused');
    }
    expect(must(await admin.listFreeCatalogForAdmin(boss))).toEqual(catalog);
  });

  it('gives an admin without a plan a premium prompt’s whole text to edit; a Free user still gets the teaser', async () => {
    const categoryId = must(await admin.listFreeCatalogForAdmin(boss)).categories[0]!.id;
    const draft = { name: 'Premium launch plan', promptText: PREMIUM_TEXT, llmProvider: 'anthropic', isPremium: true, questions: [] };
    const { id } = must(await admin.createFreePrompt(boss, categoryId, draft, { takenIds: [], position: 9 }));
    expect(must(await admin.listFreeCatalogForAdmin(boss)).prompts.find((p) => p.id === id)).toMatchObject({
      promptText: PREMIUM_TEXT,
      isPremium: true,
    });
    expect(must(await getFreePrompt(user, id))).toMatchObject({ locked: true });
    expect(must(await getFreePrompt(user, id))!.promptText).not.toBe(PREMIUM_TEXT);
    expect((await user.from('free_prompt_premium_texts').select('prompt_text').eq('prompt_id', id)).data).toEqual([]);

    // Saving the edit dialog as it was (whole text) keeps the text; a new text replaces it.
    must(await admin.updateFreePrompt(boss, id, { ...draft, name: 'Premium launch plan v2' }));
    expect(must(await admin.listFreeCatalogForAdmin(boss)).prompts.find((p) => p.id === id)?.promptText).toBe(PREMIUM_TEXT);
    must(await admin.updateFreePrompt(boss, id, { ...draft, promptText: `${PREMIUM_TEXT} Add a risk list.` }));
    expect(must(await getFreePrompt(boss, id))!.promptText).toBe(`${PREMIUM_TEXT} Add a risk list.`);
    expect(must(await getFreePrompt(user, id))).toMatchObject({ locked: true });
    must(await admin.deleteFreePrompt(boss, id));
  });
});
