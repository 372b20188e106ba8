import { describe, expect, it } from 'vitest';
import {
  buildPromptStacks,
  filterStackPrompts,
  hasActiveFilters,
  runPromptPath,
  stacksEmptyState,
  STACK_TEXTS,
  type FreeCategory,
  type FreePrompt,
  type OwnPrompt,
} from '@/shared/core/promptStacks.ts';
import {
  clampPage,
  defaultProviderFor,
  pageCount,
  RECOMMENDED_PAGE_SIZE,
  saveRecommendedProblem,
  tagsPreview,
} from '@/shared/core/recommendedPrompts.ts';

const categories: FreeCategory[] = [
  { id: 'marketing', name: 'Marketing Magic', description: 'Ads and outlines' },
  { id: 'productivity', name: 'Productivity Boosters', description: 'Everyday writing' },
  { id: 'empty', name: 'Empty Category', description: '' },
];
const free = (id: string, categoryId: string, name: string, isPremium = false): FreePrompt => ({
  id,
  categoryId,
  name,
  promptText: `${name} for [product]`,
  llmProvider: 'openai',
  templateId: null,
  isPremium,
  locked: isPremium,
  questions: [],
});
const freePrompts = [
  free('fp1', 'marketing', 'Catchy Ad Headline'),
  free('fp2', 'marketing', 'Blog Post Outline'),
  free('fp4', 'marketing', 'Advanced SEO Strategy', true),
  free('fp3', 'productivity', 'Email Subject Lines'),
  free('orphan', 'gone', 'Not shown'),
];
const own: OwnPrompt[] = [
  {
    id: 'u1',
    name: 'My launch email',
    promptText: 'Announce the LAUNCH of [product]',
    isPremium: false,
    folderId: 'f1',
    folderName: 'Launch',
  },
  { id: 'u2', name: 'Loose idea', promptText: 'Brainstorm names', isPremium: false, folderId: null, folderName: null },
  { id: 'u3', name: 'Another launch', promptText: 'Tweet it', isPremium: false, folderId: 'f1', folderName: 'Launch' },
  { id: 'u4', name: 'Ads', promptText: 'Write ads', isPremium: false, folderId: 'f2', folderName: 'ads' },
];

describe('prompt stacks page', () => {
  const stacks = buildPromptStacks({ categories, prompts: freePrompts }, own);

  it("lists free categories in order, then the user's folders by name, then Uncategorized (Yours)", () => {
    expect(stacks.categories.map((c) => [c.name, c.count])).toEqual([
      ['Marketing Magic', 3],
      ['Productivity Boosters', 1],
      ['Empty Category', 0],
      ['ads', 1],
      ['Launch', 2],
      ['Uncategorized (Yours)', 1],
    ]);
  });

  it("names the folders 'Free - {category}' for free prompts and the folder (or 'Uncategorized (Yours)') for the user's", () => {
    const folderOf = (id: string) => stacks.prompts.find((p) => p.id === id)?.folderName;
    expect(folderOf('fp1')).toBe('Free - Marketing Magic');
    expect(folderOf('fp3')).toBe('Free - Productivity Boosters');
    // A premium built-in prompt is not filed under "Free": its folder agrees with its Subscription badge.
    expect(folderOf('fp4')).toBe('Subscription - Marketing Magic');
    expect(folderOf('u1')).toBe('Launch');
    expect(folderOf('u2')).toBe('Uncategorized (Yours)');
    expect(folderOf('orphan')).toBeUndefined();
  });

  it('badges premium prompts Subscription and the rest Free, and links to /run-prompt/{id}', () => {
    expect(stacks.prompts.find((p) => p.id === 'fp4')).toMatchObject({
      badge: 'Subscription',
      isPremium: true,
      runPath: '/run-prompt/fp4',
    });
    expect(stacks.prompts.find((p) => p.id === 'fp1')).toMatchObject({ badge: 'Free' });
    expect(stacks.prompts.find((p) => p.id === 'u1')).toMatchObject({ badge: 'Free', runPath: '/run-prompt/u1' });
    expect(runPromptPath('a b')).toBe('/run-prompt/a%20b');
  });

  it('searches name and prompt text case-insensitively, within the chosen category', () => {
    const names = (search: string, categoryKey: string | null = null) =>
      filterStackPrompts(stacks.prompts, { search, categoryKey }).map((p) => p.id);
    expect(names('launch')).toEqual(['u1', 'u3']);
    expect(names('  EMAIL ')).toEqual(['fp3', 'u1']);
    expect(names('[PRODUCT]')).toEqual(['fp1', 'fp2', 'fp4', 'fp3', 'u1']);
    expect(names('', 'free:marketing')).toEqual(['fp1', 'fp2', 'fp4']);
    expect(names('seo', 'free:marketing')).toEqual(['fp4']);
    expect(names('tweet', stacks.categories.find((c) => c.name === 'Launch')!.key)).toEqual(['u3']);
  });

  it('shows the three empty texts verbatim and the /my-prompts link when signed in', () => {
    expect(stacksEmptyState(0, { search: 'zzz', categoryKey: 'free:marketing' }, true)).toEqual({
      text: 'No prompts match your search.',
      showMyPromptsLink: true,
    });
    expect(stacksEmptyState(0, { search: ' ', categoryKey: 'free:empty' }, false)).toEqual({
      text: 'No prompts in this category currently.',
      showMyPromptsLink: false,
    });
    expect(stacksEmptyState(0, { search: '', categoryKey: null }, true)).toEqual({
      text: 'No prompts found. Start by exploring free categories or create your own!',
      showMyPromptsLink: true,
    });
    expect(stacksEmptyState(2, { search: 'x', categoryKey: null }, true)).toEqual({ text: null, showMyPromptsLink: false });
    expect(STACK_TEXTS.clearFilters).toBe('Clear Filters');
    expect(hasActiveFilters({ search: '', categoryKey: null })).toBe(false);
    expect(hasActiveFilters({ search: '', categoryKey: 'free:marketing' })).toBe(true);
  });

  it('works with no own prompts (signed out)', () => {
    const signedOut = buildPromptStacks({ categories, prompts: freePrompts }, []);
    expect(signedOut.categories.every((c) => c.source === 'free')).toBe(true);
    expect(signedOut.prompts).toHaveLength(4);
  });
});

describe('recommended prompts', () => {
  it('shows the first 3 tags then +n more', () => {
    expect(tagsPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: null });
    expect(tagsPreview(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
    expect(tagsPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2 more' });
  });

  it('pages by 9 and keeps the page in range', () => {
    expect(RECOMMENDED_PAGE_SIZE).toBe(9);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(9)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(61)).toBe(7);
    expect(clampPage(9, 61)).toBe(7);
    expect(clampPage(0, 61)).toBe(1);
    expect(clampPage(Number.NaN, 61)).toBe(1);
    expect(clampPage(2.7, 61)).toBe(2);
  });

  it('needs a login and a name to save', () => {
    expect(saveRecommendedProblem(false, 'Name')?.title).toBe('Login Required');
    expect(saveRecommendedProblem(true, '  ')?.title).toBe('Name Required');
    expect(saveRecommendedProblem(true, 'Mine')).toBeNull();
    expect(defaultProviderFor({ llmSuitability: ['anthropic', 'openai'] })).toBe('anthropic');
    expect(defaultProviderFor({ llmSuitability: [] })).toBe('openai');
  });
});
