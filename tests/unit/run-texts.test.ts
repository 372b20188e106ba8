import { describe, expect, it } from 'vitest';
import { endedRunRecord, type RunContext } from '@/shared/core/runPrompt.ts';
import { RUN_PROMPT_TEXTS, RUN_STATUS_LABELS, RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import { COPIED_TEXT } from '@/shared/core/text.ts';

const context: RunContext = {
  promptId: 'p1',
  freePromptId: null,
  promptName: 'Launch tweet',
  filledValues: { product: 'AI Vault' },
  finalPrompt: 'Tweet about AI Vault',
  provider: 'openai',
  model: 'gpt-4.1',
  pageUrl: null,
};

describe('endedRunRecord', () => {
  it('records nothing while a run has not ended', () => {
    expect(endedRunRecord(context, { status: 'idle', text: '', error: null })).toBeNull();
    expect(endedRunRecord(context, { status: 'running', text: 'Half', error: null })).toBeNull();
  });

  it('records what the run started with, its text and how it ended', () => {
    expect(endedRunRecord(context, { status: 'done', text: 'A tweet', error: null })).toEqual({
      ...context,
      output: 'A tweet',
      status: 'done',
      errorMessage: null,
    });
    expect(endedRunRecord(context, { status: 'stopped', text: 'A tw', error: null })).toMatchObject({
      output: 'A tw',
      status: 'stopped',
      errorMessage: null,
    });
  });

  it('keeps a failure as its notice text, with whatever had arrived', () => {
    expect(
      endedRunRecord(context, { status: 'error', text: 'A', error: { title: 'Generation Failed', message: 'Rate limited.' } }),
    ).toMatchObject({
      output: 'A',
      status: 'error',
      errorMessage: 'Generation Failed: Rate limited.',
    });
  });
});

describe('run texts', () => {
  it('says "copied" the same way everywhere', () => {
    expect(COPIED_TEXT).toBe('✅ Copied to clipboard!');
    expect(RUN_TEXTS.copied).toBe(COPIED_TEXT);
    expect(OFFER_TEXTS.copied).toBe(COPIED_TEXT);
  });

  it('names the run states as both sides show them', () => {
    expect(RUN_STATUS_LABELS).toEqual({ running: 'Writing…', done: 'Done', stopped: 'Stopped', error: 'Failed' });
  });

  it('includes the run-prompt notices', () => {
    expect(RUN_TEXTS).toMatchObject(RUN_PROMPT_TEXTS);
    expect(RUN_TEXTS.notFound).toBe('Prompt not found');
  });

  it('builds the composed texts', () => {
    expect(RUN_TEXTS.fillIn(['Topic', 'Tone'])).toBe('Fill in: Topic, Tone.');
    expect(RUN_TEXTS.documentSavedText('Notes')).toBe('"Notes" is in your documents.');
    expect(RUN_TEXTS.withCount(RUN_TEXTS.historyTitle, 2)).toBe('Your runs of this prompt (2)');
    expect(RUN_TEXTS.withCount(RUN_TEXTS.allRunsTitle, 0)).toBe('Your runs');
    expect(RUN_TEXTS.withCount(RUN_TEXTS.allRunsTitle, null)).toBe('Your runs');
    expect(RUN_TEXTS.promptSentOn('https://example.com/a')).toBe('Prompt sent on https://example.com/a');
    expect(RUN_TEXTS.deleteRunText('X')).toBe('The output of “X” is removed from your history. This cannot be undone.');
    expect(RUN_TEXTS.deleteRunWithValuesText('X')).toBe(
      'The output of “X” and the values you filled in are removed from your history. This cannot be undone.',
    );
  });
});
