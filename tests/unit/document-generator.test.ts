import { describe, expect, it } from 'vitest';
import { answerFor } from '../fixtures/fake-ai/responders.ts';
import { generationProblem, keyMissingMessage } from '@/shared/core/documents/documents.ts';
import {
  documentTitleFrom,
  DOCUMENT_TEMPLATES,
  generationPrompt,
  promptSuggestionSchema,
  suggestionPrompt,
} from '@/shared/core/documents/templates.ts';
import {
  folderTreeRows,
  folderWithDescendants,
  generateButtonLabel,
  generatePressAction,
  generatorFlow,
  INITIAL_FLOW,
  suggestionPromptName,
  type GeneratorEvent,
  type GeneratorFlow,
  type SuggestionView,
} from '@/shared/core/documents/generator.ts';

const suggestion: SuggestionView = {
  originalPromptText: 'post about bees',
  suggestedPromptText: 'Write a blog post for gardeners about bees',
  reasoningText: 'Names the audience.',
  templateId: 'blog_post',
};
const run = (...events: GeneratorEvent[]): GeneratorFlow => events.reduce(generatorFlow, INITIAL_FLOW);

describe('suggested-prompt flow', () => {
  it('first press analyses, the second generates; a success starts over', () => {
    expect(generatePressAction(INITIAL_FLOW)).toBe('analyse');
    expect(generateButtonLabel(INITIAL_FLOW)).toBe('Generate');
    const analysing = run({ type: 'analyse' });
    expect(generatePressAction(analysing)).toBe('busy');
    const suggested = run({ type: 'analyse' }, { type: 'analysed', suggestion });
    expect(suggested).toEqual({ step: 'suggested', suggestion });
    expect(generatePressAction(suggested)).toBe('generate');
    expect(generateButtonLabel(suggested)).toBe('Generate document');
    const generating = generatorFlow(suggested, { type: 'generate' });
    expect(generating).toEqual({ step: 'generating', using: 'original', suggestion });
    expect(generatePressAction(generating)).toBe('busy');
    expect(generatorFlow(generating, { type: 'generated', ok: true })).toEqual(INITIAL_FLOW);
  });

  it('use the suggestion or keep the original, and change one’s mind', () => {
    const used = run({ type: 'analyse' }, { type: 'analysed', suggestion }, { type: 'useSuggestion' });
    expect(used).toEqual({ step: 'ready', using: 'suggestion', suggestion });
    expect(generatorFlow(used, { type: 'keepOriginal' })).toEqual({ step: 'ready', using: 'original', suggestion });
    expect(generatorFlow(used, { type: 'generate' })).toEqual({ step: 'generating', using: 'suggestion', suggestion });
  });

  it('a failed generation can be retried without a new analysis', () => {
    const failed = run(
      { type: 'analyse' },
      { type: 'analysed', suggestion },
      { type: 'useSuggestion' },
      { type: 'generate' },
      { type: 'generated', ok: false },
    );
    expect(failed).toEqual({ step: 'ready', using: 'suggestion', suggestion });
    expect(generatePressAction(failed)).toBe('generate');
  });

  it('a failed analysis lets the user go on with their own prompt', () => {
    const failed = run({ type: 'analyse' }, { type: 'analysisFailed', message: 'down' });
    expect(failed).toEqual({ step: 'analysisFailed', message: 'down' });
    expect(generatePressAction(failed)).toBe('analyse');
    expect(generatorFlow(failed, { type: 'skipSuggestion' })).toEqual({ step: 'ready', using: 'original', suggestion: null });
  });

  it('ignores events that do not fit the step (late answers, double presses)', () => {
    expect(run({ type: 'analysed', suggestion })).toEqual(INITIAL_FLOW);
    expect(run({ type: 'useSuggestion' })).toEqual(INITIAL_FLOW);
    expect(run({ type: 'generate' })).toEqual(INITIAL_FLOW);
    const generating = run({ type: 'analyse' }, { type: 'analysed', suggestion }, { type: 'generate' });
    expect(generatorFlow(generating, { type: 'analyse' })).toBe(generating);
    // An answer that arrives after a reset does not bring the old suggestion back.
    expect(run({ type: 'analyse' }, { type: 'reset' }, { type: 'analysed', suggestion })).toEqual(INITIAL_FLOW);
  });

  it('names a saved suggestion after its template', () => {
    expect(suggestionPromptName(suggestion)).toBe('Improved blog post prompt');
  });
});

describe('key-missing messages for every provider', () => {
  it('uses the product’s texts and the same shape for the other providers', () => {
    expect(keyMissingMessage('openai')).toBe('OpenAI API Key Missing');
    expect(keyMissingMessage('chatgpt_custom')).toBe('Custom ChatGPT API Key Missing');
    expect(keyMissingMessage('anthropic')).toBe('Anthropic API Key Missing');
    expect(keyMissingMessage('huggingface')).toBe('Hugging Face API Key Missing');
    expect(generationProblem({ promptText: 'x', templateId: 'blog_post', provider: 'cohere', hasKey: false })).toBe(
      'Cohere API Key Missing',
    );
  });
});

describe('document folder tree', () => {
  const f = (id: string, name: string, parentId: string | null, createdAt = '2026-11-01T00:00:00Z') => ({ id, name, parentId, createdAt });
  const folders = [
    f('b', 'beta', null, '2026-11-03T00:00:00Z'),
    f('a', 'Alpha', null, '2026-11-02T00:00:00Z'),
    f('a2', 'zulu', 'a'),
    f('a1', 'Echo', 'a'),
    f('a11', 'deep', 'a1'),
  ];

  it('lists folders depth first, each level in the chosen order', () => {
    expect(folderTreeRows(folders, 'name_asc').map((r) => `${r.depth}:${r.folder.name}`)).toEqual([
      '0:Alpha',
      '1:Echo',
      '2:deep',
      '1:zulu',
      '0:beta',
    ]);
    expect(
      folderTreeRows(folders, 'date_desc')
        .map((r) => r.folder.id)
        .slice(0, 2),
    ).toEqual(['b', 'a']);
  });

  it('keeps orphans and cycles visible at the top level', () => {
    const odd = [f('x', 'Orphan', 'gone'), f('c1', 'C1', 'c2'), f('c2', 'C2', 'c1'), f('self', 'Self', 'self')];
    const rows = folderTreeRows(odd, 'name_asc');
    expect(rows.map((r) => r.folder.id).sort()).toEqual(['c1', 'c2', 'self', 'x']);
    expect(rows.find((r) => r.folder.id === 'x')?.depth).toBe(0);
    expect(rows.find((r) => r.folder.id === 'self')?.depth).toBe(0);
  });

  it('finds what deleting a folder takes along', () => {
    expect([...folderWithDescendants('a', folders)].sort()).toEqual(['a', 'a1', 'a11', 'a2']);
    expect([...folderWithDescendants('b', folders)]).toEqual(['b']);
  });
});

describe('the fake provider answers the generator’s two prompts', () => {
  it('with a suggestion that fits the schema, and a document in the template’s sections', () => {
    const answer = answerFor({ prompt: suggestionPrompt('post about bees', 'blog_post'), json: true, model: 'm' });
    const parsed = promptSuggestionSchema.parse('json' in answer ? answer.json : null);
    expect(parsed.suggestedPrompt).toContain('post about bees');
    const doc = answerFor({ prompt: generationPrompt('Spring sale for our bakery', 'press_release'), json: false, model: 'm' });
    const text = 'text' in doc ? doc.text : '';
    expect([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(DOCUMENT_TEMPLATES.press_release.sections);
    expect(documentTitleFrom(text, 'press_release')).toBe('Spring Sale For Our Bakery');
  });
});
