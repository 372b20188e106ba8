import type { Turn } from './conversation.ts';

/**
 * The context budget: what of a conversation is sent so it fits the model's window. The same
 * rules on every screen. Tokens are estimated (about 4 characters each, plus a few per message
 * for the chat format), which is close enough to stay clear of the limit without a tokenizer.
 *
 * Kept, in order of priority: the latest user message, the first user message (it usually holds
 * the task and its material), then the most recent turns. Older turns in the middle are left
 * out in whole user/answer pairs, and the screen says how many.
 */

const CHARS_PER_TOKEN = 4;
const TOKENS_PER_MESSAGE = 4;

/** Context windows in tokens by model name (the first pattern that matches). */
const WINDOWS: [RegExp, number][] = [
  [/gemini-1\.5|gemini-2|gemini-3/i, 1_000_000],
  [/claude/i, 200_000],
  [/gpt-4\.1|gpt-6|gpt-5\.[5-9]/i, 1_000_000],
  [/gpt-4o|gpt-4-turbo|gpt-5|gpt-oss|o1|o3|o4/i, 128_000],
  [/command-a|jamba/i, 256_000],
  [/deepseek/i, 128_000],
  [/gpt-4-32k/i, 32_768],
  [/gpt-4\b/i, 8_192],
  [/gpt-3\.5/i, 16_385],
  [/mistral-large|mixtral|command-r/i, 128_000],
  [/llama-?3\.[1-9]|llama-?4|qwen/i, 128_000],
  [/llama/i, 8_192],
];
/** A model we do not know: a window every current chat model has. */
export const DEFAULT_CONTEXT_WINDOW = 8_192;

export function contextWindowFor(model: string | null | undefined): number {
  if (!model) return DEFAULT_CONTEXT_WINDOW;
  return WINDOWS.find(([pattern]) => pattern.test(model))?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

const turnTokens = (turn: Pick<Turn, 'content'>) => estimateTokens(turn.content) + TOKENS_PER_MESSAGE;

/** Tokens a request may fill in a window: the window minus room for the answer (a quarter of it, at most 4,096, by default). */
export function requestBudget(window: number, reserveForAnswer?: number): number {
  const reserve = reserveForAnswer ?? Math.min(4_096, Math.floor(window / 4));
  return Math.max(256, window - reserve);
}

/** About how many characters one message of `tokens` tokens may hold (the chat format's own tokens left out). */
export function charsForMessage(tokens: number): number {
  return Math.max(0, (tokens - TOKENS_PER_MESSAGE) * CHARS_PER_TOKEN);
}

export interface BudgetOptions {
  /** The model's window in tokens. */
  window: number;
  /** Tokens kept free for the answer (a quarter of the window, at most 4,096, by default). */
  reserveForAnswer?: number;
}

export interface FittedConversation {
  turns: Turn[];
  /** How many turns were left out (0: all of it is sent). */
  dropped: number;
  /** The first or the latest message alone was too long and was cut to fit. */
  cut: boolean;
}

function cutToTokens(turn: Turn, tokens: number): Turn {
  return { ...turn, content: turn.content.slice(0, charsForMessage(tokens)) };
}

/**
 * What to send of `turns` (answers that failed with nothing in them are skipped: they were never
 * part of what the model said). The latest turn is the message being answered.
 */
export function fitToWindow(turns: readonly Turn[], options: BudgetOptions): FittedConversation {
  const usable = turns.filter((turn) => turn.role === 'user' || turn.content.trim());
  const budget = requestBudget(options.window, options.reserveForAnswer);
  const total = usable.reduce((sum, turn) => sum + turnTokens(turn), 0);
  if (total <= budget) return { turns: [...usable], dropped: 0, cut: false };

  const last = usable[usable.length - 1]!;
  const first = usable.length > 1 ? usable[0]! : null;
  let left = budget - turnTokens(last);
  if (left < 0) return { turns: [cutToTokens(last, budget)], dropped: usable.length - 1, cut: true };
  let head: Turn[] = [];
  if (first) {
    if (turnTokens(first) <= left) {
      head = [first];
      left -= turnTokens(first);
    } else if (left > budget / 4) {
      // The task is worth most of what is left; the middle goes.
      head = [cutToTokens(first, left)];
      left = 0;
    }
  }
  // The most recent turns that fit, newest first, in whole pairs so an answer never loses its question.
  const middle = usable.slice(first ? 1 : 0, -1);
  const kept: Turn[] = [];
  for (let i = middle.length - 1; i >= 0; i--) {
    const answer = middle[i]!;
    const question = answer.role === 'assistant' && i > 0 && middle[i - 1]!.role === 'user' ? middle[i - 1]! : null;
    const cost = turnTokens(answer) + (question ? turnTokens(question) : 0);
    if (cost > left) break;
    kept.unshift(...(question ? [question, answer] : [answer]));
    left -= cost;
    if (question) i--;
  }
  const sent = [...head, ...kept, last];
  const cut = head.length > 0 && head[0]!.content !== first!.content;
  return { turns: sent, dropped: usable.length - sent.length, cut };
}
