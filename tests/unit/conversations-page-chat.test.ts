import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@/shared/core/conversations/budget.ts';
import type { Turn } from '@/shared/core/conversations/conversation.ts';
import {
  fitWithPage,
  PAGE_CHAT_TEXT_MAX,
  pageChatContext,
  pageChatContextFrom,
  pageContextMessage,
} from '@/shared/core/conversations/pageChat.ts';

const user = (content: string): Turn => ({ role: 'user', content });
const answer = (content: string): Turn => ({ role: 'assistant', content, provider: 'openai', model: 'gpt-4o-mini', status: 'done' });
const page = { url: 'https://example.com/course', title: 'How to price a course', text: 'Price on the value of the outcome.' };

describe('the page a chat is about', () => {
  it('is kept with its text bounded, and the title falls back to the address', () => {
    const kept = pageChatContext({ ...page, text: 'x'.repeat(PAGE_CHAT_TEXT_MAX + 500) });
    expect(kept.text).toHaveLength(PAGE_CHAT_TEXT_MAX);
    expect(pageChatContext({ ...page, title: '  ' }).title).toBe(page.url);
  });

  it('comes back from a stored context, or null when the context holds no page', () => {
    expect(pageChatContextFrom({ url: page.url, title: page.title, text: page.text })).toEqual(page);
    expect(pageChatContextFrom({ url: page.url })).toEqual({ url: page.url, title: page.url, text: '' });
    expect(pageChatContextFrom({})).toBeNull();
    expect(pageChatContextFrom({ url: 42 })).toBeNull();
    expect(pageChatContextFrom(null)).toBeNull();
  });

  it('is told to the model with its title, address and text', () => {
    const message = pageContextMessage(page);
    expect(message).toContain(`Page title: ${page.title}`);
    expect(message).toContain(`Page URL: ${page.url}`);
    expect(message).toContain(`"""\n${page.text}\n"""`);
  });
});

describe('fitting a page chat into the window', () => {
  it('sends the page first as a system message, then every turn that fits', () => {
    const turns = [user('What price?'), answer('About $200.'), user('And tiers?')];
    const fitted = fitWithPage(page, turns, { window: 8_192 });
    expect(fitted.messages[0]).toEqual({ role: 'system', content: pageContextMessage(page) });
    expect(fitted.messages.slice(1)).toEqual(turns.map((t) => ({ role: t.role, content: t.content })));
    expect(fitted).toMatchObject({ dropped: 0, pageCut: false });
  });

  it('without a page, sends the turns alone', () => {
    const fitted = fitWithPage(null, [user('Hello')], { window: 8_192 });
    expect(fitted.messages).toEqual([{ role: 'user', content: 'Hello' }]);
  });

  it('cuts a long page to half the budget and keeps the question whole', () => {
    const long = { ...page, text: 'word '.repeat(40_000) };
    const question = user('Summarise the page');
    const fitted = fitWithPage(long, [question], { window: 8_192, reserveForAnswer: 2_048 });
    expect(fitted.pageCut).toBe(true);
    const [system, last] = fitted.messages;
    expect(estimateTokens(system!.content)).toBeLessThanOrEqual((8_192 - 2_048) / 2);
    expect(system!.content.endsWith('\n"""')).toBe(true);
    expect(last).toEqual({ role: 'user', content: question.content });
  });

  it('leaves older turns out when the page and the conversation do not fit together', () => {
    const long = { ...page, text: 'word '.repeat(10_000) };
    const chat = [user('first'), answer('a'.repeat(8_000)), user('second'), answer('b'.repeat(8_000)), user('third')];
    const fitted = fitWithPage(long, chat, { window: 8_192, reserveForAnswer: 2_048 });
    expect(fitted.messages[0]!.role).toBe('system');
    expect(fitted.messages.at(-1)).toEqual({ role: 'user', content: 'third' });
    expect(fitted.dropped).toBeGreaterThan(0);
    const total = fitted.messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);
    expect(total).toBeLessThanOrEqual(8_192 - 2_048 + 8);
  });
});
