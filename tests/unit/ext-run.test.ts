import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parsePrompt } from '@/shared/core/placeholders.ts';
import { composePrompt, pageCutNote, pageVariableNotes, pageVariableValues, SELECTION_HEADING } from '@/extension/lib/runPrompt.ts';
import { outputDocumentName } from '@/shared/core/runPrompt.ts';
import { offerBuilderPath, offerIdeaFrom, readOfferLink, OFFER_IDEA_MAX_CHARS } from '@/shared/core/offerIdea.ts';
import { handoffUrl, planHandoff, readHandoffFragment } from '@/shared/core/handoff.ts';
import { extItems, isFreshPendingRun, migratePendingRunV2 } from '@/extension/lib/items.ts';
import { BRIDGE_FROM_EXTENSION } from '@/shared/core/bridge.ts';
import { connectExtension, pingExtension } from '@/web/lib/extensionBridge.ts';
import { isRestrictedUrl, originPatternOf } from '@/extension/lib/tabs.ts';
import { TRANSCRIPT_TEXTS } from '@/extension/lib/youtube.ts';

const PAGE = {
  url: 'https://blog.example.com/pricing',
  title: 'How to price a course',
  selection: 'Offer three tiers',
  text: 'Price on the outcome. Offer three tiers.',
  truncated: false,
  fullLength: 40,
  transcript: null,
  transcriptNote: null,
};

beforeEach(() => fakeBrowser.reset());

describe('filling a prompt in the side panel', () => {
  const text = 'Summarise {{title}} for [audience=marketers].\n\nPage: {{page}}\nSelected: {{selection}}';

  it('fills page variables from the tab; the context menu selection replaces the page selection', () => {
    const parsed = parsePrompt(text);
    expect(composePrompt(text, parsed, { ...pageVariableValues(PAGE) }, null)).toEqual({
      text: 'Summarise How to price a course for marketers.\n\nPage: Price on the outcome. Offer three tiers.\nSelected: Offer three tiers',
      missing: [],
    });
    const fromMenu = pageVariableValues(PAGE, 'Price on the outcome');
    expect(composePrompt(text, parsed, fromMenu, 'Price on the outcome').text).toMatch(/Selected: Price on the outcome$/);
  });

  it('reports what is missing (no page read, no {{transcript}} off YouTube)', () => {
    const parsed = parsePrompt('Notes on {{transcript}} for [who]');
    expect(composePrompt('Notes on {{transcript}} for [who]', parsed, pageVariableValues(PAGE), null).missing).toEqual([
      'Video transcript',
      'Who',
    ]);
    expect(pageVariableValues(null)).toEqual({});
  });

  it("passes on the page's reason for an empty {{transcript}} (a video without one)", () => {
    expect(pageVariableNotes(PAGE)).toEqual({});
    expect(pageVariableNotes(null)).toEqual({});
    const video = { ...PAGE, url: 'https://www.youtube.com/watch?v=abc', transcriptNote: TRANSCRIPT_TEXTS.none };
    expect(pageVariableNotes(video)).toEqual({ transcript: 'This video has no transcript: type or paste the text here.' });
  });

  it('a run started on a selection keeps it even when the prompt has no {{selection}}', () => {
    const plain = 'Rewrite this in plain English.';
    expect(composePrompt(plain, parsePrompt(plain), {}, ' Legalese here ').text).toBe(`${plain}\n\n${SELECTION_HEADING}\nLegalese here`);
    expect(composePrompt(plain, parsePrompt(plain), {}, null).text).toBe(plain);
  });

  it('says when {{page}} was cut, and names saved outputs', () => {
    expect(pageCutNote({ truncated: true, text: 'x'.repeat(12_000), fullLength: 48_310 })).toBe(
      'Page text cut to 12,000 of 48,310 characters. Change the size in Settings.',
    );
    expect(pageCutNote({ truncated: false, text: 'x', fullLength: 1 })).toBeNull();
    expect(outputDocumentName('  Blog outline ', new Date('2026-11-23T10:00:00Z'))).toBe('Blog outline — 2026-11-23');
  });
});

describe('Offer from this page', () => {
  it('takes the selection, else the title, address and start of the text, cut for a URL', () => {
    expect(offerIdeaFrom(PAGE)).toBe('Offer three tiers');
    expect(offerIdeaFrom({ ...PAGE, selection: ' ' })).toBe(
      'How to price a course\n\nhttps://blog.example.com/pricing\n\nPrice on the outcome. Offer three tiers.',
    );
    expect(offerIdeaFrom({ ...PAGE, selection: 'word '.repeat(1000) }).length).toBeLessThanOrEqual(OFFER_IDEA_MAX_CHARS);
    expect(offerBuilderPath('Course pricing & tiers')).toBe('/prompt-stacks?idea=Course+pricing+%26+tiers&generate=1');
  });

  it('the dashboard reads the idea, and whether to generate it at once', () => {
    const link = (path: string) => readOfferLink(new URL(path, 'http://127.0.0.1:5173').searchParams);
    expect(link(offerBuilderPath('Course pricing & tiers'))).toEqual({ idea: 'Course pricing & tiers', generate: true });
    expect(link('/prompt-stacks?idea=Yoga')).toEqual({ idea: 'Yoga', generate: false });
    expect(link('/prompt-stacks?idea=%20%20&generate=1')).toBeNull();
    expect(link('/prompt-stacks')).toBeNull();
  });
});

describe('the extension → dashboard handoff link', () => {
  it('carries the token, account and destination in the fragment only', () => {
    const url = handoffUrl('http://127.0.0.1:5173/', { tokenHash: 'abc123', email: 'a@example.com', next: '/prompt-stacks?idea=x y' });
    expect(url).toBe('http://127.0.0.1:5173/auth/handoff#token_hash=abc123&email=a%40example.com&next=%2Fprompt-stacks%3Fidea%3Dx+y');
    expect(new URL(url).search).toBe('');
    expect(readHandoffFragment(new URL(url).hash)).toEqual({
      tokenHash: 'abc123',
      email: 'a@example.com',
      next: '/prompt-stacks?idea=x y',
    });
  });

  it('the dashboard signs in, goes on, or asks first when another account is signed in there', () => {
    const link = { tokenHash: 't', email: 'Bob@Example.com', next: null };
    expect(planHandoff(null, link)).toBe('signIn');
    expect(planHandoff({ email: 'bob@example.com' }, link)).toBe('alreadySignedIn');
    expect(planHandoff({ email: 'alice@example.com' }, link)).toBe('askToSwitch');
    // A link that names no account, or a session without an address: never switched silently.
    expect(planHandoff({ email: 'alice@example.com' }, { ...link, email: null })).toBe('askToSwitch');
    expect(planHandoff({ email: null }, link)).toBe('askToSwitch');
  });

  it('drops destinations outside the dashboard and links without a token', () => {
    expect(readHandoffFragment('#token_hash=t&next=%2F%2Fevil.example')).toEqual({ tokenHash: 't', email: null, next: null });
    expect(readHandoffFragment('#token_hash=t&next=https%3A%2F%2Fevil.example')).toMatchObject({ next: null });
    expect(readHandoffFragment('#email=a%40example.com')).toBeNull();
    expect(readHandoffFragment(`#token_hash=${'x'.repeat(600)}`)).toBeNull();
  });
});

describe('queued runs (storage item v2)', () => {
  it('migrates a v1 item: a selection meant the context menu', async () => {
    expect(migratePendingRunV2(null)).toBeNull();
    expect(migratePendingRunV2({ promptId: 'p', selection: null, createdAt: 't' })).toEqual({
      promptId: 'p',
      selection: null,
      createdAt: 't',
      source: 'popup',
      tabId: null,
    });

    await fakeBrowser.storage.local.set({ pending_run: { promptId: 'p1', selection: 'picked', createdAt: '2026-11-23T10:00:00.000Z' } });
    await extItems.pendingRun.migrate();
    expect(await extItems.pendingRun.getValue()).toEqual({
      promptId: 'p1',
      selection: 'picked',
      createdAt: '2026-11-23T10:00:00.000Z',
      source: 'menu',
      tabId: null,
    });
    expect(await fakeBrowser.storage.local.get('pending_run$')).toEqual({ pending_run$: { v: 2 } });
  });

  it('is taken only while fresh', () => {
    const now = new Date('2026-11-23T10:05:00Z');
    const run = (createdAt: string) => ({ promptId: 'p', selection: null, source: 'popup' as const, tabId: null, createdAt });
    expect(isFreshPendingRun(run('2026-11-23T10:04:00Z'), now)).toBe(true);
    expect(isFreshPendingRun(run('2026-11-23T10:02:00Z'), now)).toBe(false);
    expect(isFreshPendingRun(run('2026-11-23T11:00:00Z'), now)).toBe(false);
    expect(isFreshPendingRun(null, now)).toBe(false);
  });
});

describe('which pages the panel may read', () => {
  it('never the browser’s own pages and stores; a site is granted as one origin pattern', () => {
    for (const url of [
      'chrome://settings',
      'about:blank',
      'chrome-extension://abc/x.html',
      'https://chromewebstore.google.com/detail/x',
      'https://addons.mozilla.org/x',
      'not a url',
    ]) {
      expect(isRestrictedUrl(url), url).toBe(true);
    }
    expect(isRestrictedUrl('https://example.com/a')).toBe(false);
    expect(originPatternOf('http://localhost:11434/v1')).toBe('http://localhost/*');
    expect(originPatternOf('https://blog.example.com/post?x=1')).toBe('https://blog.example.com/*');
    expect(originPatternOf('file:///tmp/x.html')).toBeNull();
  });
});

describe("the dashboard's side of the bridge", () => {
  /** A window whose posted messages reach its listeners, with an extension content script that answers. */
  function bridgeWindow(answer: (message: Record<string, unknown>) => unknown) {
    const target = new EventTarget();
    const origin = 'http://127.0.0.1:5173';
    const win = {
      location: { origin },
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      postMessage: (data: Record<string, unknown>) => {
        const reply = answer(data);
        if (reply) setTimeout(() => target.dispatchEvent(new MessageEvent('message', { data: reply, origin })), 1);
      },
    };
    return win as unknown as Window;
  }

  it('finds the extension and hands it the token', async () => {
    const win = bridgeWindow((m) =>
      m.type === 'ping'
        ? { source: BRIDGE_FROM_EXTENSION, type: 'ready' }
        : { source: BRIDGE_FROM_EXTENSION, type: 'connected', requestId: m.requestId, ok: true, email: 'a@example.com' },
    );
    expect(await pingExtension(win)).toBe(true);
    expect(await connectExtension(win, 'hash', 'req-1')).toEqual({ ok: true, email: 'a@example.com' });
  });

  it('no extension: the ping times out, a connect says so; answers to other requests are ignored', async () => {
    expect(
      await pingExtension(
        bridgeWindow(() => null),
        30,
      ),
    ).toBe(false);
    const other = bridgeWindow((m) => ({
      source: BRIDGE_FROM_EXTENSION,
      type: 'connected',
      requestId: `not-${String(m.requestId)}`,
      ok: true,
      email: 'x',
    }));
    expect(await connectExtension(other, 'hash', 'req-2', 50)).toEqual({
      ok: false,
      message: 'The extension did not answer. Reload this page and try again.',
    });
  });
});
