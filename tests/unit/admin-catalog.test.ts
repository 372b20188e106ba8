import { describe, expect, it } from 'vitest';
import {
  CATALOG_PROVIDERS,
  catalogSlug,
  cleanFreePrompt,
  cleanRecommended,
  filterCatalog,
  firstProblem,
  moveId,
  parseTags,
  placeholderNames,
  validateFreeCategory,
  validateFreePrompt,
  validateRecommended,
  type FreePromptDraft,
  type RecommendedDraft,
} from '@/shared/core/admin/catalog.ts';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';

const recommended: RecommendedDraft = {
  name: ' Launch email ',
  description: '',
  promptText: 'Write a launch email for [product].',
  category: ' Email ',
  tags: ['launch', ' Launch', 'email', ''],
  llmSuitability: ['anthropic', 'openai'],
  isPublic: true,
};
const freePrompt: FreePromptDraft = {
  name: 'Ad headline',
  promptText: 'Write 5 headlines for [Product Name] aimed at [audience=founders]. Use {{selection}}.',
  llmProvider: 'openai',
  isPremium: false,
  questions: [{ label: 'What do you sell?', placeholderKey: 'product  name' }],
};

describe('recommended prompt drafts', () => {
  it('needs a name, a text, a category and known providers', () => {
    expect(validateRecommended(recommended)).toEqual({});
    expect(validateRecommended({ ...recommended, name: ' ', promptText: '', category: '\n', llmSuitability: ['skynet'] })).toEqual({
      name: CATALOG_TEXTS.nameRequired,
      promptText: CATALOG_TEXTS.textRequired,
      category: CATALOG_TEXTS.categoryRequired,
      llmSuitability: CATALOG_TEXTS.unknownProvider,
    });
  });

  it('is saved trimmed, tags without repeats, providers in the list’s order', () => {
    expect(cleanRecommended(recommended)).toMatchObject({
      name: 'Launch email',
      category: 'Email',
      tags: ['launch', 'email'],
      llmSuitability: ['openai', 'anthropic'],
    });
    expect(parseTags('SEO, seo , Ads,,')).toEqual(['SEO', 'Ads']);
    expect(CATALOG_PROVIDERS.map((p) => p.label)).toContain('Anthropic');
  });
});

describe('free stack drafts', () => {
  it('accepts questions whose key is a [bracketed] placeholder of the text, ignoring case, spaces and brackets', () => {
    expect(validateFreePrompt(freePrompt)).toEqual({ questions: [null] });
    expect(validateFreePrompt({ ...freePrompt, questions: [{ label: 'Who reads it?', placeholderKey: '[Audience]' }] }).questions).toEqual([
      null,
    ]);
    expect(placeholderNames(freePrompt.promptText)).toEqual(['Product Name', 'audience']);
  });

  it('refuses a question whose key is not in the text, a repeated key, a blank label or key', () => {
    const errors = validateFreePrompt({
      ...freePrompt,
      questions: [
        { label: 'Topic?', placeholderKey: 'topic' },
        { label: 'Product?', placeholderKey: 'product name' },
        { label: 'Again?', placeholderKey: 'Product Name' },
        { label: ' ', placeholderKey: 'audience' },
        { label: 'Page?', placeholderKey: 'selection' },
        { label: 'Key?', placeholderKey: '' },
      ],
    });
    expect(errors.questions).toEqual([
      CATALOG_TEXTS.questionKeyMissing('topic'),
      null,
      CATALOG_TEXTS.questionKeyRepeated('Product Name'),
      CATALOG_TEXTS.questionLabelRequired,
      CATALOG_TEXTS.questionKeyMissing('selection'),
      CATALOG_TEXTS.questionKeyRequired,
    ]);
    expect(firstProblem({ ...errors })).toBe(CATALOG_TEXTS.questionKeyMissing('topic'));
  });

  it('needs a name, a text and a known provider; a category needs a name', () => {
    expect(validateFreePrompt({ ...freePrompt, name: '', promptText: ' ', llmProvider: 'gpt', questions: [] })).toEqual({
      name: CATALOG_TEXTS.nameRequired,
      promptText: CATALOG_TEXTS.textRequired,
      llmProvider: CATALOG_TEXTS.unknownProvider,
      questions: [],
    });
    expect(firstProblem({ ...validateFreePrompt({ ...freePrompt, promptText: '' }) })).toBe(CATALOG_TEXTS.textRequired);
    expect(validateFreeCategory({ name: ' ', description: '' })).toEqual({ name: CATALOG_TEXTS.nameRequired });
    expect(firstProblem({ ...validateFreeCategory({ name: 'Sales', description: '' }) })).toBeNull();
  });

  it('saves question keys as written in the text, without brackets', () => {
    const cleaned = cleanFreePrompt({ ...freePrompt, name: ' Ad ', questions: [{ label: ' Who? ', placeholderKey: ' [audience] ' }] });
    expect(cleaned).toMatchObject({ name: 'Ad', questions: [{ label: 'Who?', placeholderKey: 'audience' }] });
  });
});

describe('ids, order and search', () => {
  it('makes a readable id from a name, unique against those taken', () => {
    expect(catalogSlug('Launch Week!', [])).toBe('launch-week');
    expect(catalogSlug('Café Crème', [])).toBe('cafe-creme');
    expect(catalogSlug('Launch Week', ['launch-week', 'launch-week-2'])).toBe('launch-week-3');
    expect(catalogSlug('!!!', [])).toBe('item');
    expect(catalogSlug('x'.repeat(80), []).length).toBe(48);
  });

  it('moves an id up or down, and leaves the ends and unknown ids alone', () => {
    expect(moveId(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    expect(moveId(['a', 'b'], 'b', 1)).toEqual(['a', 'b']);
    expect(moveId(['a'], 'z', 1)).toEqual(['a']);
  });

  it('searches name, category and tags, ignoring case', () => {
    const rows = [
      { name: 'Cold email', category: 'Sales', tags: ['outreach'] },
      { name: 'Blog outline', category: 'Content', tags: ['seo'] },
    ];
    expect(filterCatalog(rows, 'SALES').map((r) => r.name)).toEqual(['Cold email']);
    expect(filterCatalog(rows, 'seo').map((r) => r.name)).toEqual(['Blog outline']);
    expect(filterCatalog(rows, 'blog').map((r) => r.name)).toEqual(['Blog outline']);
    expect(filterCatalog(rows, '  ')).toHaveLength(2);
  });
});
