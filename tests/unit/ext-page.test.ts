// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dashboardOrigins, isDashboardMessage } from '@/shared/core/bridge.ts';
import { cutText } from '@/shared/core/text.ts';
import * as pageModule from '@/extension/lib/page.ts';
import { insertIntoPage, mainText, pageContext } from '@/extension/lib/page.ts';

const ARTICLE = `<html><head><title>How to price a course</title></head><body>
  <nav>Home · Blog · Pricing · Sign in</nav>
  <article><h1>How to price a course</h1>
  ${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i}: pricing a course starts with the outcome your students want and what that outcome is worth to them.</p>`).join('\n')}
  </article>
  <footer>© Example Inc · Privacy · Terms</footer>
  <textarea id="ta">Hello world</textarea><input id="in" type="text" value="abc"><input id="pw" type="password">
  <div id="ce" contenteditable="true"><p>Start </p></div>
</body></html>`;

function load(html = ARTICLE): Document {
  document.open();
  document.write(html);
  document.close();
  return document;
}

describe('page text for {{page}}', () => {
  it("uses Readability's article, without navigation and footer", () => {
    const text = mainText(load());
    expect(text).toContain('Paragraph 7: pricing a course');
    expect(text).not.toContain('Sign in');
    expect(text).not.toContain('Privacy · Terms');
  });

  it('falls back to the body text on pages without an article', () => {
    expect(mainText(load('<html><body><p>Short page</p></body></html>'))).toBe('Short page');
  });

  it('cuts at a word boundary and says it cut', () => {
    expect(cutText('one two three four five', 100)).toEqual({ text: 'one two three four five', truncated: false });
    expect(cutText('alpha beta gamma delta', 17)).toEqual({ text: 'alpha beta gamma', truncated: true });
  });

  it('reports url, title, selection, cut text and full length', async () => {
    const doc = load();
    const ta = doc.getElementById('ta') as HTMLTextAreaElement;
    const range = doc.createRange();
    range.selectNodeContents(doc.querySelector('article p')!);
    doc.getSelection()!.removeAllRanges();
    doc.getSelection()!.addRange(range);
    const context = await pageContext(doc, 120, async () => '');
    expect(context.title).toBe('How to price a course');
    expect(context.selection).toMatch(/^Paragraph 0: pricing a course/);
    expect(context.truncated).toBe(true);
    expect(context.text.length).toBeLessThanOrEqual(120);
    expect(context.fullLength).toBeGreaterThan(500);
    expect(context.transcript).toBeNull();
    expect(context.transcriptNote).toBeNull();
    expect(ta.value).toBe('Hello world');
  });
});

describe('Insert into page', () => {
  it('replaces the selection of a focused textarea and fires input', () => {
    const doc = load();
    const ta = doc.getElementById('ta') as HTMLTextAreaElement;
    let inputs = 0;
    ta.addEventListener('input', () => inputs++);
    ta.focus();
    ta.setSelectionRange(6, 11);
    expect(insertIntoPage(doc, 'AI Vault')).toEqual({ inserted: true });
    expect(ta.value).toBe('Hello AI Vault');
    expect(ta.selectionStart).toBe(14);
    expect(inputs).toBe(1);
  });

  it('inserts at the caret of a text input; refuses password fields and an unfocused page', () => {
    const doc = load();
    const input = doc.getElementById('in') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(3, 3);
    expect(insertIntoPage(doc, '123')).toEqual({ inserted: true });
    expect(input.value).toBe('abc123');
    (doc.getElementById('pw') as HTMLInputElement).focus();
    expect(insertIntoPage(doc, 'x').inserted).toBe(false);
    (doc.activeElement as HTMLElement).blur();
    expect(insertIntoPage(doc, 'x')).toEqual({ inserted: false, reason: 'Click into a text field on the page first, then insert.' });
  });

  it('inserts into a contenteditable editor at the caret', () => {
    const doc = load();
    const editor = doc.getElementById('ce') as HTMLDivElement;
    // jsdom has no contenteditable focus model: make it the focused, editable element.
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    Object.defineProperty(doc, 'activeElement', { value: editor, configurable: true });
    const range = doc.createRange();
    range.setStart(editor.querySelector('p')!.firstChild!, 6);
    range.collapse(true);
    doc.getSelection()!.removeAllRanges();
    doc.getSelection()!.addRange(range);
    let inputs = 0;
    editor.addEventListener('input', () => inputs++);
    expect(insertIntoPage(doc, 'here')).toEqual({ inserted: true });
    expect(editor.textContent).toBe('Start here');
    expect(inputs).toBe(1);
  });
});

describe('the dashboard bridge', () => {
  it('accepts only well-formed dashboard messages', () => {
    expect(isDashboardMessage({ source: 'ai-vault-dashboard', type: 'ping' })).toBe(true);
    expect(isDashboardMessage({ source: 'ai-vault-dashboard', type: 'connect', requestId: 'r1', tokenHash: 'abc' })).toBe(true);
    expect(isDashboardMessage({ source: 'ai-vault-dashboard', type: 'connect', requestId: 'r1', tokenHash: '' })).toBe(false);
    expect(isDashboardMessage({ source: 'evil', type: 'ping' })).toBe(false);
    expect(isDashboardMessage('ping')).toBe(false);
  });

  it('reads the allowed dashboard origins', () => {
    expect(dashboardOrigins('http://127.0.0.1:5173, https://app.aivault.app/dashboard ,not a url')).toEqual([
      'http://127.0.0.1:5173',
      'https://app.aivault.app',
    ]);
  });
});

describe('block text', () => {
  it('keeps blocks apart when the markup has no whitespace between them (framework-rendered pages)', () => {
    const doc = load(
      '<html><body><div><h2>Provider Keys</h2><p>Bring your own keys.</p><ul><li>One</li><li>Two</li></ul><script>var x=1</script></div></body></html>',
    );
    const { blockText } = pageModule;
    expect(blockText(doc.body)).toBe('Provider Keys\n\nBring your own keys.\n\nOne\n\nTwo');
  });

  it("reads Readability's article with its paragraphs on their own lines", () => {
    const text = mainText(load(ARTICLE.replace(/\n\s*/g, '')));
    expect(text).toContain(
      'Paragraph 0: pricing a course starts with the outcome your students want and what that outcome is worth to them.\n\nParagraph 1:',
    );
  });
});
