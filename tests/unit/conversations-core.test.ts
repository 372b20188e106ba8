import { describe, expect, it } from 'vitest';
import { contextWindowFor, DEFAULT_CONTEXT_WINDOW, estimateTokens, fitToWindow } from '@/shared/core/conversations/budget.ts';
import {
  conversationExport,
  firstTurns,
  followUpProblem,
  keepForEdit,
  keepForRegenerate,
  titleFrom,
  type Turn,
} from '@/shared/core/conversations/conversation.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';

const user = (content: string): Turn => ({ role: 'user', content });
const answer = (content: string, model = 'gpt-4o-mini'): Turn => ({
  role: 'assistant',
  content,
  provider: 'openai',
  model,
  status: 'done',
});
/** A message of about `tokens` tokens. */
const sized = (tokens: number, mark: string) => `${mark} `.padEnd(tokens * 4, 'x');

describe('conversation titles', () => {
  it("are the first non-empty line of the user's first message, cut at a word", () => {
    expect(titleFrom('\n\n  Write   a tagline \nfor my app')).toBe('Write a tagline');
    const long = 'Write a long-form blog post about the benefits of email marketing for small bakeries in rural towns';
    const title = titleFrom(long);
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(81);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(titleFrom('   \n ')).toBe(CONVERSATION_TEXTS.untitled);
  });

  it('refuse an empty follow-up', () => {
    expect(followUpProblem('  \n')).toBe(CONVERSATION_TEXTS.emptyFollowUp);
    expect(followUpProblem('shorter')).toBeNull();
  });
});

describe('a conversation started from an answer on screen', () => {
  it('has the request as the first turn and the answer, with its model and how it ended, as the second', () => {
    expect(firstTurns({ question: 'Write a tagline', answer: 'Fast. Fair.', provider: 'openai', model: 'gpt-4o-mini' })).toEqual([
      { role: 'user', content: 'Write a tagline' },
      { role: 'assistant', content: 'Fast. Fair.', provider: 'openai', model: 'gpt-4o-mini', status: 'done' },
    ]);
    expect(firstTurns({ question: 'q', answer: 'half', provider: 'openai', model: 'm', stopped: true })[1]!.status).toBe('stopped');
  });
});

describe('regenerate and edit-and-resend', () => {
  const turns = [user('Q1'), answer('A1'), user('Q2'), answer('A2')];

  it('regenerate keeps everything up to the last question', () => {
    expect(keepForRegenerate(turns)).toEqual([user('Q1'), answer('A1'), user('Q2')]);
    // An answer that failed before anything arrived: the question is still there to answer.
    expect(keepForRegenerate([user('Q1')])).toEqual([user('Q1')]);
    expect(keepForRegenerate([])).toBeNull();
  });

  it('edit replaces the last question and drops its answer; an empty edit is refused', () => {
    expect(keepForEdit(turns, 'Q2, shorter')).toEqual([user('Q1'), answer('A1'), user('Q2, shorter')]);
    expect(keepForEdit(turns, '  ')).toBeNull();
    expect(keepForEdit([], 'x')).toBeNull();
  });
});

describe('the context budget', () => {
  it('knows the windows of common models, and assumes a small one for unknown models', () => {
    expect(contextWindowFor('gpt-4o-mini')).toBe(128_000);
    expect(contextWindowFor('claude-3-5-sonnet-latest')).toBe(200_000);
    expect(contextWindowFor('gemini-1.5-pro')).toBe(1_000_000);
    expect(contextWindowFor('llama3')).toBe(8_192);
    expect(contextWindowFor('my-own-model')).toBe(DEFAULT_CONTEXT_WINDOW);
    expect(contextWindowFor(null)).toBe(DEFAULT_CONTEXT_WINDOW);
    expect(estimateTokens('abcdefgh')).toBe(2);
  });

  it('sends everything that fits, skipping answers that failed empty', () => {
    const turns: Turn[] = [user('Q1'), { role: 'assistant', content: '', status: 'error' }, user('Q1 again')];
    expect(fitToWindow(turns, { window: 8_192 })).toEqual({ turns: [user('Q1'), user('Q1 again')], dropped: 0, cut: false });
  });

  it('keeps the first message and the latest, drops the oldest pairs in between, and says how many', () => {
    const turns = [
      user(sized(1000, 'task')),
      answer(sized(1000, 'a1')),
      user(sized(1000, 'q2')),
      answer(sized(1000, 'a2')),
      user(sized(1000, 'q3')),
      answer(sized(1000, 'a3')),
      user(sized(500, 'latest')),
    ];
    // 4,000 tokens for the turns (window 5,000, 1,000 kept for the answer).
    const fitted = fitToWindow(turns, { window: 5_000, reserveForAnswer: 1_000 });
    expect(fitted.turns.map((t) => t.content.split(' ')[0])).toEqual(['task', 'q3', 'a3', 'latest']);
    expect(fitted.dropped).toBe(3);
    expect(fitted.cut).toBe(false);
    // Never an answer without its question.
    for (let i = 1; i < fitted.turns.length; i++) if (fitted.turns[i]!.role === 'assistant') expect(fitted.turns[i - 1]!.role).toBe('user');
  });

  it('cuts a first message that alone is too long, and a latest message that alone is over the window', () => {
    const big = fitToWindow([user(sized(10_000, 'task')), answer('ok'), user('shorter')], { window: 4_000, reserveForAnswer: 1_000 });
    expect(big.cut).toBe(true);
    expect(big.turns[0]!.content.startsWith('task')).toBe(true);
    expect(big.turns.at(-1)).toEqual(user('shorter'));
    expect(big.turns.reduce((sum, t) => sum + estimateTokens(t.content) + 4, 0)).toBeLessThanOrEqual(3_000);

    const huge = fitToWindow([user('hi'), answer('hello'), user(sized(20_000, 'paste'))], { window: 4_000, reserveForAnswer: 1_000 });
    expect(huge).toMatchObject({ dropped: 2, cut: true });
    expect(huge.turns).toHaveLength(1);
    expect(estimateTokens(huge.turns[0]!.content)).toBeLessThanOrEqual(3_000);
  });
});

describe('conversation export', () => {
  it('has one section per message, answers named by their model, empty failed answers left out', () => {
    const doc = conversationExport(
      'Tagline ideas',
      [user('Write a tagline'), answer('Save smarter.', 'gpt-4o'), user('Shorter'), { role: 'assistant', content: ' ', status: 'error' }],
      new Date('2026-11-26T10:00:00Z'),
    );
    expect(doc).toEqual({
      title: 'Tagline ideas',
      subtitle: '2026-11-26',
      sections: [
        { heading: 'You', markdown: 'Write a tagline' },
        { heading: 'AI (gpt-4o)', markdown: 'Save smarter.' },
        { heading: 'You', markdown: 'Shorter' },
      ],
    });
  });
});
