import type { WebSource } from '../webSearch.ts';
import type { ExportDocument } from '../../export/model.ts';
import { CONVERSATION_TEXTS } from './texts.ts';

/**
 * A conversation as the screens hold it: its turns in order, the user's and the AI's, each
 * answer with the model that wrote it and how it ended. Pure: the data layer stores it
 * (shared/data/conversations.ts), the budget (budget.ts) decides what of it is sent.
 */

export type TurnRole = 'user' | 'assistant';
export type AnswerStatus = 'done' | 'stopped' | 'error';

export interface Turn {
  role: TurnRole;
  content: string;
  /** Answers only. */
  provider?: string | null;
  model?: string | null;
  status?: AnswerStatus | null;
  /** Questions only: the kept files of the images asked about (conversation-images). */
  imagePaths?: readonly string[];
  /** Answers only: the numbered web sources the question was sent with (a web search). */
  webSources?: readonly WebSource[];
}

/** What a conversation was started from, kept with it (History links back to it). */
export type ConversationSource = 'run' | 'chat' | 'page' | 'document' | 'idea' | 'analysis' | 'knowledge';

const TITLE_MAX = 80;

/** A title from the first thing the user asked: its first non-empty line, cut at a word near 80 characters. */
export function titleFrom(text: string, fallback: string = CONVERSATION_TEXTS.untitled): string {
  const line =
    text
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .find(Boolean) ?? '';
  if (!line) return fallback;
  if (line.length <= TITLE_MAX) return line;
  const cut = line.slice(0, TITLE_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The problem with a follow-up before it is sent, or null. */
export function followUpProblem(text: string): string | null {
  return text.trim() ? null : CONVERSATION_TEXTS.emptyFollowUp;
}

/** Index of the last turn with `role`, or -1. */
export function lastIndexOf(turns: readonly Turn[], role: TurnRole): number {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.role === role) return i;
  return -1;
}

/**
 * Regenerate: the turns to keep (everything up to and including the last user message) — the
 * answer after it is replaced. null when there is nothing to regenerate (no user message).
 */
export function keepForRegenerate(turns: readonly Turn[]): Turn[] | null {
  const last = lastIndexOf(turns, 'user');
  return last < 0 ? null : turns.slice(0, last + 1);
}

/**
 * Edit and resend: the turns before the last user message, then the edited message. null when
 * the edit is empty or there is no user message.
 */
export function keepForEdit(turns: readonly Turn[], edited: string): Turn[] | null {
  const last = lastIndexOf(turns, 'user');
  if (last < 0 || !edited.trim()) return null;
  return [...turns.slice(0, last), { role: 'user', content: edited }];
}

/** The conversation as an export (Markdown, DOCX): one section per turn, answers named by their model. */
export function conversationExport(title: string, turns: readonly Turn[], when: Date): ExportDocument {
  return {
    title,
    subtitle: when.toISOString().slice(0, 10),
    sections: turns
      .filter((turn) => turn.content.trim())
      .map((turn) => ({
        heading: turn.role === 'user' ? CONVERSATION_TEXTS.you : CONVERSATION_TEXTS.answerBy(turn.model ?? null),
        markdown: turn.content,
      })),
  };
}

/** What a screen showed before its first follow-up: the request as sent and the answer it got. */
export interface FirstExchange {
  question: string;
  answer: string;
  provider: string;
  model: string;
  stopped?: boolean;
}

/** The first two turns of a conversation started from an answer already on screen. */
export function firstTurns({ question, answer, provider, model, stopped = false }: FirstExchange): Turn[] {
  return [
    { role: 'user', content: question },
    { role: 'assistant', content: answer, provider, model, status: stopped ? 'stopped' : 'done' },
  ];
}
