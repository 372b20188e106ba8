import { describe, expect, it } from 'vitest';
import { parsePrompt } from '@/shared/core/placeholders.ts';
import type { LibraryPrompt } from '@/shared/core/promptLibrary/library.ts';
import {
  filledValueRows,
  fromFreePrompt,
  fromSavedPrompt,
  labelForValueId,
  providerFor,
  reopenRunPath,
  runErrorText,
  runLink,
  runPromptSource,
  valuesFromRun,
  valuesToStore,
} from '@/shared/core/runPrompt.ts';

const saved: LibraryPrompt = {
  id: '0b6a3c1e-2f4d-4a8b-9c0d-1e2f3a4b5c6d',
  name: 'Launch tweet',
  promptText: 'Tweet about [product] for [audience=founders] in a [tone: friendly|*formal] tone.\n\n{{selection}}',
  description: 'Short and punchy.',
  tags: [],
  isFavorite: false,
  llmProvider: 'anthropic',
  model: ' claude-sonnet-4-5 ',
  templateId: null,
  folderId: null,
  isPremium: false,
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
};

describe('runPromptSource', () => {
  it('tells saved prompts (uuids) from built-in ones (short ids) and refuses anything else', () => {
    expect(runPromptSource(saved.id)).toBe('saved');
    expect(runPromptSource(saved.id.toUpperCase())).toBe('saved');
    expect(runPromptSource('fp1')).toBe('free');
    expect(runPromptSource('fp4')).toBe('free');
    for (const bad of ['', '1fp', 'fp 1', "fp1'--", '../etc', 'x'.repeat(65), '0b6a3c1e-2f4d-4a8b-9c0d']) {
      expect(runPromptSource(bad), bad).toBe('invalid');
    }
  });
});

describe('runnable prompts', () => {
  it('keeps what a saved prompt runs with: its provider, its model (trimmed), no questions', () => {
    expect(fromSavedPrompt(saved)).toEqual({
      source: 'saved',
      id: saved.id,
      name: 'Launch tweet',
      promptText: saved.promptText,
      description: 'Short and punchy.',
      questions: [],
      isPremium: false,
      locked: false,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      categoryId: null,
    });
    expect(fromSavedPrompt({ ...saved, model: '   ' }).model).toBeNull();
  });

  it('keeps a free prompt’s questions, premium flag and category', () => {
    const free = fromFreePrompt({
      id: 'fp4',
      categoryId: 'marketing',
      name: 'Advanced SEO Strategy',
      promptText: 'SEO for [website]',
      llmProvider: 'openai',
      templateId: 'project_proposal',
      isPremium: true,
      locked: true,
      questions: [{ label: 'Which website?', placeholderKey: 'website' }],
    });
    expect(free).toMatchObject({ source: 'free', isPremium: true, locked: true, categoryId: 'marketing', model: null, provider: 'openai' });
    expect(fromFreePrompt({ ...free, categoryId: 'marketing', llmProvider: 'openai', templateId: null, locked: false }).locked).toBe(false);
    expect(parsePrompt(free.promptText, free.questions).fields[0]?.label).toBe('Which website?');
    expect(runLink(free)).toEqual({ promptId: null, freePromptId: 'fp4' });
    expect(runLink(fromSavedPrompt(saved))).toEqual({ promptId: saved.id, freePromptId: null });
  });

  it('starts every listed provider on itself and anything unknown on openai (no "Coming Soon!")', () => {
    for (const id of ['openai', 'gemini', 'anthropic', 'cohere', 'ai21', 'huggingface', 'chatgpt_custom']) expect(providerFor(id)).toBe(id);
    expect(providerFor(' Gemini ')).toBe('gemini');
    expect(providerFor('gpt-4')).toBe('openai');
    expect(providerFor(null)).toBe('openai');
    expect(providerFor(undefined)).toBe('openai');
  });
});

describe('values a run keeps', () => {
  const { fields } = parsePrompt(saved.promptText);

  it('stores every field as typed, page variables included, empty ones as empty', () => {
    expect(valuesToStore(fields, { product: 'AI Vault', '{{selection}}': 'Some text', ignored: 'x' })).toEqual({
      product: 'AI Vault',
      audience: '',
      tone: '',
      '{{selection}}': 'Some text',
    });
  });

  it('restores only the fields the prompt still has, and only strings', () => {
    expect(valuesFromRun(fields, { product: 'AI Vault', tone: 'friendly', gone: 'old', audience: 42 })).toEqual({
      product: 'AI Vault',
      tone: 'friendly',
    });
    expect(valuesFromRun(fields, {})).toEqual({});
  });

  it('shows filled values in form order with their labels; by label when the fields are unknown', () => {
    const stored = { '{{selection}}': 'Picked text', extra_note: 'kept', tone: 'formal', product: 'AI Vault', audience: '  ' };
    expect(filledValueRows(stored, fields)).toEqual([
      { id: 'product', label: 'Product', value: 'AI Vault' },
      { id: 'tone', label: 'Tone', value: 'formal' },
      { id: '{{selection}}', label: 'Selected text', value: 'Picked text' },
      { id: 'extra_note', label: 'Extra note', value: 'kept' },
    ]);
    expect(filledValueRows(stored).map((r) => r.label)).toEqual(['Extra note', 'Product', 'Selected text', 'Tone']);
    expect(labelForValueId('{{page}}')).toBe('Page text');
    expect(labelForValueId('{{unknown}}')).toBe('{{unknown}}');
    expect(labelForValueId('call_to_action')).toBe('Call to action');
  });

  it('reopens a run on its prompt’s page, or nowhere when the prompt is gone', () => {
    expect(reopenRunPath({ id: 'r 1', promptId: saved.id, freePromptId: null })).toBe(`/run-prompt/${saved.id}?run=r%201`);
    expect(reopenRunPath({ id: 'r2', promptId: null, freePromptId: 'fp1' })).toBe('/run-prompt/fp1?run=r2');
    expect(reopenRunPath({ id: 'r3', promptId: null, freePromptId: null })).toBeNull();
  });

  it('keeps a failure as the notice’s title and message', () => {
    expect(runErrorText({ title: 'Generation Failed', message: 'The AI service returned an error: boom' })).toBe(
      'Generation Failed: The AI service returned an error: boom',
    );
  });
});
