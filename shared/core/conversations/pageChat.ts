import { estimateTokens, fitToWindow, type BudgetOptions } from './budget.ts';
import type { Turn } from './conversation.ts';
import { CONVERSATION_TEXTS } from './texts.ts';

/**
 * Chatting about a web page: the page (title, address, its main text cut to a bounded size) is
 * kept with the conversation and sent before the turns as a system message, inside the same
 * context budget as the turns (it takes at most half of it; the turns fit in the rest).
 */

/** The most page text kept with a conversation (the reader's own limit is usually lower). */
export const PAGE_CHAT_TEXT_MAX = 20_000;

export interface PageChatContext {
  url: string;
  title: string;
  text: string;
}

/** A message as sent to the model. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The page as kept with a conversation: its text cut to PAGE_CHAT_TEXT_MAX. */
export function pageChatContext(page: { url: string; title: string; text: string }): PageChatContext {
  return { url: page.url, title: page.title.trim() || page.url, text: page.text.slice(0, PAGE_CHAT_TEXT_MAX) };
}

/** The page back from a stored conversation's context (null when it holds none). */
export function pageChatContextFrom(stored: Readonly<Record<string, unknown>> | null | undefined): PageChatContext | null {
  const url = stored?.url;
  const title = stored?.title;
  const text = stored?.text;
  if (typeof url !== 'string' || !url) return null;
  return pageChatContext({ url, title: typeof title === 'string' ? title : '', text: typeof text === 'string' ? text : '' });
}

/** The page as the model reads it, before the conversation. */
export function pageContextMessage(page: PageChatContext): string {
  return [
    CONVERSATION_TEXTS.pageContextIntro,
    '',
    `Page title: ${page.title}`,
    `Page URL: ${page.url}`,
    'Page text:',
    '"""',
    page.text.trim() || CONVERSATION_TEXTS.pageContextNoText,
    '"""',
  ].join('\n');
}

const CHARS_PER_TOKEN = 4;

/**
 * What to send: the page context first (cut to at most half the budget), then the turns fitted
 * into what is left. Without a page, the turns alone, as fitToWindow sends them.
 */
export function fitWithPage(
  page: PageChatContext | null,
  turns: readonly Turn[],
  options: BudgetOptions,
): { messages: ChatMessage[]; dropped: number; pageCut: boolean } {
  const plain = (fitted: Turn[]): ChatMessage[] => fitted.map((t) => ({ role: t.role, content: t.content }));
  if (!page) {
    const fitted = fitToWindow(turns, options);
    return { messages: plain(fitted.turns), dropped: fitted.dropped, pageCut: false };
  }
  const reserve = options.reserveForAnswer ?? Math.min(4_096, Math.floor(options.window / 4));
  const budget = Math.max(256, options.window - reserve);
  const share = Math.floor(budget / 2);
  const room = share * CHARS_PER_TOKEN - pageContextMessage({ ...page, text: '' }).length;
  const pageCut = page.text.trim().length > 0 && pageContextMessage(page).length > share * CHARS_PER_TOKEN;
  const context = pageContextMessage(pageCut ? { ...page, text: page.text.slice(0, Math.max(0, room)) } : page);
  const fitted = fitToWindow(turns, { window: options.window - estimateTokens(context), reserveForAnswer: reserve });
  return { messages: [{ role: 'system', content: context }, ...plain(fitted.turns)], dropped: fitted.dropped, pageCut };
}
