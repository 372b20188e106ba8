import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPrompt, parsePrompt } from '@/shared/core/placeholders.ts';
import { buildPromptStacks, filterStackPrompts } from '@/shared/core/promptStacks.ts';
import type { RecommendedPrompt } from '@/shared/core/recommendedPrompts.ts';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import * as catalog from '@/shared/data/promptCatalog.ts';
import * as runs from '@/shared/data/promptRuns.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { must, signedIn, type Member } from './prompts-helpers.ts';

/** Free prompt stacks, the recommended catalogue (seeded) and run history on the local stack. */

let stack: TestStack;
let me: Member;
let other: Member;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await signedIn(stack, 'catalog'), await signedIn(stack, 'catalog-other')];
});
afterAll(async () => {
  await stack?.close();
});

describe('free prompt stacks', () => {
  it('lists the seeded categories and fp1..fp4 with their questions, for anyone', async () => {
    const stacks = must(await catalog.listFreeStacks(stack.anon()));
    expect(stacks.categories.map((c) => [c.id, c.name])).toEqual([
      ['marketing', 'Marketing Magic'],
      ['productivity', 'Productivity Boosters'],
    ]);
    expect(stacks.prompts.map((p) => [p.id, p.isPremium])).toEqual([
      ['fp1', false],
      ['fp2', false],
      ['fp4', true],
      ['fp3', false],
    ]);
    // Every question fills a placeholder of its prompt, and every placeholder has a question (a
    // premium prompt's whole text comes only with the plan: signed out there is only its teaser).
    expect(stacks.prompts.filter((p) => p.locked).map((p) => p.id)).toEqual(['fp4']);
    for (const prompt of stacks.prompts.filter((p) => !p.locked)) {
      const fields = parsePrompt(prompt.promptText, prompt.questions).fields;
      expect(fields.map((f) => f.id)).toEqual(prompt.questions.map((q) => q.placeholderKey));
      expect(fields.map((f) => f.label)).toEqual(prompt.questions.map((q) => q.label));
    }
    expect(must(await catalog.getFreePrompt(stack.anon(), 'fp4'))).toMatchObject({
      name: 'Advanced SEO Strategy',
      isPremium: true,
      locked: true,
    });
    expect(must(await catalog.getFreePrompt(stack.anon(), 'nope'))).toBeNull();
  });

  it("puts the user's prompts beside the free ones on /prompts, under their folder names", async () => {
    const folder = must(await lib.createFolder(me.client, 'Launch', null));
    must(await lib.createPrompt(me.client, { name: 'Launch tweet', promptText: 'Tweet about [product]', folderId: folder.id }));
    must(await lib.createPrompt(me.client, { name: 'Loose', promptText: 'Something', folderId: null }));
    const own = must(await catalog.listOwnPromptsForStacks(me.client));
    expect(own.map((p) => [p.name, p.folderName])).toEqual([
      ['Launch tweet', 'Launch'],
      ['Loose', null],
    ]);
    const page = buildPromptStacks(must(await catalog.listFreeStacks(me.client)), own);
    expect(page.categories.map((c) => c.name)).toEqual(['Marketing Magic', 'Productivity Boosters', 'Launch', 'Uncategorized (Yours)']);
    expect(filterStackPrompts(page.prompts, { search: 'TWEET', categoryKey: null }).map((p) => p.folderName)).toEqual(['Launch']);
    expect(must(await catalog.listOwnPromptsForStacks(other.client))).toEqual([]);
  });
});

describe('recommended prompts', () => {
  it('pages the public catalogue by 9, ordered by category then name, with the total', async () => {
    const first = must(await catalog.listRecommendedPrompts(stack.anon()));
    expect(first.total).toBeGreaterThanOrEqual(60);
    expect(first.prompts).toHaveLength(9);
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(first.total / 9) });
    const all: RecommendedPrompt[] = [];
    for (let page = 1; page <= first.pageCount; page++)
      all.push(...must(await catalog.listRecommendedPrompts(stack.anon(), { page })).prompts);
    expect(all).toHaveLength(first.total);
    const keys = all.map((p) => [p.category, p.name]);
    expect(keys).toEqual([...keys].sort(([c1, n1], [c2, n2]) => (c1! < c2! ? -1 : c1! > c2! ? 1 : n1! < n2! ? -1 : n1! > n2! ? 1 : 0)));
    // A page past the end shows the last page.
    expect(must(await catalog.listRecommendedPrompts(stack.anon(), { page: 999 })).page).toBe(first.pageCount);
    // Every seeded prompt has placeholders, a description and tags.
    for (const p of all) {
      expect(parsePrompt(p.promptText).fields.length, p.name).toBeGreaterThan(0);
      expect(p.description.length, p.name).toBeGreaterThan(10);
      expect(p.tags.length, p.name).toBeGreaterThan(1);
    }
  });

  it('offers vision templates that capture the page as {{screenshot}} when the side panel runs them', async () => {
    const vision = must(await catalog.listRecommendedPrompts(stack.anon(), { search: 'screenshot' }));
    expect(vision.prompts.map((p) => p.name).sort()).toEqual([
      'Critique This Landing Page',
      'Extract the Pricing Table',
      'Rewrite This Ad',
    ]);
    for (const p of vision.prompts) {
      expect(p.promptText, p.name).toContain('{{screenshot}}');
      // Only providers whose chat models read images.
      expect(p.llmSuitability, p.name).toEqual(['openai', 'anthropic', 'gemini']);
    }
  });

  it('searches name, description or tag case-insensitively, within a category', async () => {
    const byTag = must(await catalog.listRecommendedPrompts(stack.anon(), { search: 'HASHTAGS' }));
    expect(byTag.prompts.map((p) => p.name)).toEqual(['Instagram Caption Pack']);
    const byDescription = must(await catalog.listRecommendedPrompts(stack.anon(), { search: 'steady source of leads' }));
    expect(byDescription.prompts.map((p) => p.name)).toEqual(['Referral Program Design']);
    const email = must(await catalog.listRecommendedPrompts(stack.anon(), { search: 'email' }));
    const emailInSales = must(await catalog.listRecommendedPrompts(stack.anon(), { search: 'email', category: 'Sales' }));
    expect(emailInSales.total).toBeGreaterThan(0);
    expect(emailInSales.total).toBeLessThan(email.total);
    expect(emailInSales.prompts.every((p) => p.category === 'Sales')).toBe(true);
    expect(must(await catalog.listRecommendedPrompts(stack.anon(), { search: '100%_nothing' }))).toMatchObject({
      total: 0,
      prompts: [],
      page: 1,
      pageCount: 1,
    });
  });

  it('lists the category tabs and hides prompts that are not public, even from admins', async () => {
    const categories = must(await catalog.listRecommendedCategories(stack.anon()));
    expect(categories).toEqual([...categories].sort());
    expect(categories).toEqual(expect.arrayContaining(['Marketing', 'Copywriting', 'Productivity', 'Research']));
    await stack.db.query(
      "insert into public.recommended_prompts (name, prompt_text, category, is_public) values ('Draft idea', 'Do [x]', 'Hidden category', false)",
    );
    expect(must(await catalog.listRecommendedCategories(stack.service()))).not.toContain('Hidden category');
    expect(must(await catalog.listRecommendedPrompts(stack.service(), { search: 'Draft idea' })).total).toBe(0);
  });

  it('saves a copy into the library: login and a non-empty name required', async () => {
    const [prompt] = must(await catalog.listRecommendedPrompts(stack.anon(), { search: 'Instagram Caption Pack' })).prompts;
    expect((await catalog.saveRecommendedPrompt(stack.anon(), prompt!, { name: 'Mine' })).error).toEqual({
      message: 'Please sign in to save prompts to your library.',
      code: 'login_required',
      kind: 'refused',
    });
    expect((await catalog.saveRecommendedPrompt(me.client, prompt!, { name: '  ' })).error?.code).toBe('invalid');
    const folder = must(await lib.createFolder(me.client, 'From the catalogue', null));
    const saved = must(await catalog.saveRecommendedPrompt(me.client, prompt!, { name: ' My captions ', folderId: folder.id }));
    expect(saved).toMatchObject({
      name: 'My captions',
      promptText: prompt!.promptText,
      description: prompt!.description,
      tags: prompt!.tags,
      llmProvider: prompt!.llmSuitability[0],
      folderId: folder.id,
    });
    expect(must(await lib.getPrompt(other.client, saved.id))).toBeNull();
  });
});

describe('run history', () => {
  it('records runs, lists them newest first in pages, reopens and deletes them', async () => {
    const prompt = must(await lib.createPrompt(me.client, { name: 'Runner', promptText: 'Write about [topic]', folderId: null }));
    const filled = fillPrompt(prompt.promptText, { topic: 'pricing' });
    for (let i = 0; i < 3; i++) {
      must(
        await runs.recordPromptRun(me.client, {
          promptId: prompt.id,
          promptName: prompt.name,
          filledValues: { topic: `pricing ${i}` },
          finalPrompt: filled.text,
          provider: 'openai',
          model: 'gpt-4o-mini',
          output: `Answer ${i}`,
          status: i === 2 ? 'stopped' : 'done',
        }),
      );
    }
    const free = must(
      await runs.recordPromptRun(me.client, {
        promptId: null,
        freePromptId: 'fp1',
        promptName: 'Catchy Ad Headline',
        filledValues: {},
        finalPrompt: 'x',
        provider: 'gemini',
        model: null,
        output: '',
        status: 'error',
        errorMessage: 'Authentication failed. Please check your OpenAI API key in Settings.',
        pageUrl: 'https://example.com/article',
      }),
    );
    expect(free).toMatchObject({ freePromptId: 'fp1', status: 'error', pageUrl: 'https://example.com/article' });

    const page1 = must(await runs.listPromptRuns(me.client, { pageSize: 3 }));
    expect(page1.total).toBe(4);
    expect(page1.runs.map((r) => r.output)).toEqual(['', 'Answer 2', 'Answer 1']);
    expect(must(await runs.listPromptRuns(me.client, { pageSize: 3, page: 2 })).runs.map((r) => r.output)).toEqual(['Answer 0']);
    expect(must(await runs.listPromptRuns(me.client, { promptId: prompt.id })).total).toBe(3);
    // One built-in prompt's runs (the run page's history of fp1).
    expect(must(await runs.listPromptRuns(me.client, { freePromptId: 'fp1' })).runs.map((r) => r.id)).toEqual([free.id]);
    expect(must(await runs.listPromptRuns(me.client, { freePromptId: 'fp2' }))).toEqual({ runs: [], total: 0 });
    expect(must(await runs.listPromptRuns(me.client, { pageSize: 3, page: 9 }))).toEqual({ runs: [], total: 4 });

    const reopened = must(await runs.getPromptRun(me.client, page1.runs[1]!.id));
    expect(reopened).toMatchObject({
      promptId: prompt.id,
      filledValues: { topic: 'pricing 2' },
      finalPrompt: 'Write about pricing',
      status: 'stopped',
      model: 'gpt-4o-mini',
    });

    // Deleting the prompt keeps its runs, unlinked.
    must(await lib.deletePrompt(me.client, prompt.id));
    expect(must(await runs.getPromptRun(me.client, reopened!.id))).toMatchObject({ promptId: null, promptName: 'Runner' });

    expect(must(await runs.deletePromptRun(me.client, free.id))).toBe(true);
    expect(must(await runs.listPromptRuns(me.client)).total).toBe(3);
    expect(must(await runs.deleteAllPromptRuns(me.client))).toBe(3);
    expect(must(await runs.listPromptRuns(me.client)).total).toBe(0);
  });

  it("keeps runs private, and refuses a run of someone else's prompt", async () => {
    const mine = must(
      await runs.recordPromptRun(me.client, {
        promptId: null,
        promptName: 'Private',
        filledValues: {},
        finalPrompt: 'p',
        provider: 'openai',
        model: null,
        output: 'o',
        status: 'done',
      }),
    );
    expect(must(await runs.listPromptRuns(other.client)).total).toBe(0);
    expect(must(await runs.getPromptRun(other.client, mine.id))).toBeNull();
    expect(must(await runs.deletePromptRun(other.client, mine.id))).toBe(false);
    expect(must(await runs.deleteAllPromptRuns(other.client))).toBe(0);
    expect(must(await runs.getPromptRun(me.client, mine.id))).not.toBeNull();

    const theirPrompt = must(await lib.createPrompt(other.client, { name: 'Theirs', promptText: 'x', folderId: null }));
    const refused = await runs.recordPromptRun(me.client, {
      promptId: theirPrompt.id,
      promptName: 'Theirs',
      filledValues: {},
      finalPrompt: 'x',
      provider: 'openai',
      model: null,
      output: '',
      status: 'done',
    });
    expect(refused.error?.code).toBe('42501');
    expect((await runs.listPromptRuns(stack.anon())).data?.total ?? 0).toBe(0);
  });
});
