import { Readability } from '@mozilla/readability';
import type { InsertResult, PageContext } from './messaging.ts';
import { cutText } from '@/shared/core/text.ts';
import { isYouTubeWatch, TRANSCRIPT_TEXTS, youTubeTranscript } from './youtube.ts';

/**
 * What the content script does on the page: read its context for the prompt's page variables
 * ({{selection}}, {{page}}, {{url}}, {{title}}, {{transcript}}) and insert a result into the
 * field the user is writing in. DOM only; the document is passed in so tests can use jsdom.
 */

const collapse = (text: string): string =>
  text
    .replace(/\r/g, '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'TEXTAREA', 'SELECT', 'BUTTON']);

/**
 * A node's text with line breaks between blocks (textContent runs "Title" and "Text" together
 * when the markup has no whitespace between elements, as framework-rendered pages often do).
 */
export function blockText(node: Node): string {
  const parts: string[] = [];
  const walk = (current: Node) => {
    if (current.nodeType === 3) {
      parts.push(current.nodeValue ?? '');
      return;
    }
    if (current.nodeType !== 1 && current.nodeType !== 9 && current.nodeType !== 11) return;
    const tag = (current as Element).tagName?.toUpperCase() ?? '';
    if (SKIPPED.has(tag) || (current as HTMLElement).hidden) return;
    const block = BLOCKS.has(tag);
    if (block) parts.push('\n');
    for (const child of Array.from(current.childNodes)) walk(child);
    if (block) parts.push('\n');
  };
  walk(node);
  return collapse(parts.join(''));
}

/** The page's main text: Readability's article when it finds one, else the body's visible text. */
export function mainText(doc: Document): string {
  try {
    const article = new Readability(doc.cloneNode(true) as Document, { charThreshold: 200 }).parse();
    if (article?.content) {
      const holder = doc.implementation.createHTMLDocument('').body;
      holder.innerHTML = article.content;
      const text = blockText(holder);
      if (text.length >= 200) return text;
    }
  } catch {
    // Readability throws on unusual documents; the body text below is the fallback.
  }
  return doc.body ? collapse(doc.body.innerText || blockText(doc.body)) : '';
}

export async function pageContext(
  doc: Document,
  maxChars: number,
  fetchText: (url: string) => Promise<string> = async (url) => (await fetch(url, { credentials: 'include' })).text(),
): Promise<PageContext> {
  const full = mainText(doc);
  const { text, truncated } = cutText(full, maxChars);
  const url = doc.location?.href ?? '';
  return {
    url,
    title: doc.title,
    selection: doc.getSelection()?.toString().trim() ?? '',
    text,
    truncated,
    fullLength: full.length,
    ...(await transcriptOf(doc, url, fetchText)),
  };
}

/** {{transcript}}: a watch page's transcript, or the sentence saying why there is none. */
async function transcriptOf(
  doc: Document,
  url: string,
  fetchText: (url: string) => Promise<string>,
): Promise<Pick<PageContext, 'transcript' | 'transcriptNote'>> {
  if (!isYouTubeWatch(url)) return { transcript: null, transcriptNote: null };
  const result = await youTubeTranscript(doc, fetchText);
  return result.status === 'found'
    ? { transcript: result.text, transcriptNote: null }
    : { transcript: null, transcriptNote: TRANSCRIPT_TEXTS[result.status] };
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', '']);

/** The element keyboard focus is in, looking inside open shadow roots. */
function focusedElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Inserts text where the user is typing: at the caret of a focused input or textarea (replacing
 * its selection), or into a contenteditable editor through the editing command editors listen to.
 */
export function insertIntoPage(doc: Document, text: string): InsertResult {
  const el = focusedElement(doc);
  const view = doc.defaultView;
  if (!el || !view || el === doc.body) return { inserted: false, reason: 'Click into a text field on the page first, then insert.' };

  if (el instanceof view.HTMLTextAreaElement || (el instanceof view.HTMLInputElement && TEXT_INPUT_TYPES.has(el.type))) {
    if (el.readOnly || el.disabled) return { inserted: false, reason: 'That field is read-only.' };
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? el.value.length;
    el.setRangeText(text, start, end, 'end');
    // Frameworks (React, Vue) listen for input events to pick up the new value.
    el.dispatchEvent(new view.InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    el.dispatchEvent(new view.Event('change', { bubbles: true }));
    return { inserted: true };
  }

  if (el instanceof view.HTMLElement && el.isContentEditable) {
    // insertText keeps the editor's undo stack and fires beforeinput/input for rich editors.
    if (typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, text)) return { inserted: true };
    const selection = doc.getSelection();
    const range = selection && selection.rangeCount > 0 && el.contains(selection.anchorNode) ? selection.getRangeAt(0) : null;
    const node = doc.createTextNode(text);
    if (range) {
      range.deleteContents();
      range.insertNode(node);
      range.setStartAfter(node);
      range.collapse(true);
    } else {
      el.append(node);
    }
    el.dispatchEvent(new view.InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    return { inserted: true };
  }
  return { inserted: false, reason: 'Click into a text field on the page first, then insert.' };
}
