import type { IncomingMessage } from 'node:http';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { z } from 'zod';
import { readBody } from '../_shared/body.ts';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';
import {
  getPinned,
  publicTarget,
  readLimitedBody,
  RefusedAddress,
  systemResolve,
  type Resolve,
  type Target,
} from '../_shared/pinnedFetch.ts';

/**
 * POST /functions/v1/fetch-url { url } (signed in): the readable text of a web page, for a
 * knowledge-base URL document. Done on the server because the dashboard cannot read other sites
 * (CORS) and the extension may not be installed. Guarded: http(s) only, public addresses only,
 * resolved once and connected to as checked, every redirect hop checked the same way; 10 s,
 * 2 MB, HTML or plain text.
 * FETCH_URL_ALLOW_PRIVATE=true lets a developer's stack read pages on localhost.
 */

const MAX_BYTES = 2_000_000;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
const MAX_TEXT = 200_000;

const EMPTY_URL = 'URL cannot be empty';
const UrlBody = z.object({ url: z.string({ error: EMPTY_URL }).trim().min(1, EMPTY_URL) }, { error: EMPTY_URL });

const allowPrivate = () => (typeof process !== 'undefined' ? process.env.FETCH_URL_ALLOW_PRIVATE : undefined) === 'true';

/** The body as text, or null past MAX_BYTES (the connection is dropped then). */
async function readLimited(res: IncomingMessage): Promise<string | null> {
  const bytes = await readLimitedBody(res, MAX_BYTES);
  if (!bytes) return null;
  const charset = /charset=([\w-]+)/i.exec(String(res.headers['content-type'] ?? ''))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

const collapse = (text: string) =>
  text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** What is read of a parsed page: linkedom's document, typed without the DOM library (Deno has none). */
interface PageDocument {
  title?: string;
  body?: { textContent: string | null } | null;
  querySelectorAll(selector: string): Iterable<{ remove(): void }>;
}

export function readableText(html: string, url: string): { title: string; text: string } {
  const document = (parseHTML(html) as unknown as { document: PageDocument }).document;
  const title = document.title?.trim() || new URL(url).hostname;
  try {
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
    if (article?.textContent && article.textContent.trim().length > 100)
      return { title: article.title?.trim() || title, text: collapse(article.textContent) };
  } catch {
    // Falls back to the body's text below.
  }
  for (const el of document.querySelectorAll('script, style, noscript, template')) el.remove();
  return { title, text: collapse(document.body?.textContent ?? '') };
}

/**
 * The handler. `resolve` is the DNS lookup and `reach` where a checked address is connected to:
 * a test passes its own to play a rebinding server, or a public site that is a local server.
 */
export function createFetchUrl(resolve: Resolve = systemResolve, reach: (checked: Target) => Target = (checked) => checked) {
  return async function fetchUrl(req: Request): Promise<Response> {
    const early = preflight(req);
    if (early) return early;
    if (req.method !== 'POST') return fail('Method not allowed', 405);
    if (!(await callerOf(req))) return fail('Sign in first.', 401);
    const read = await readBody(req, UrlBody);
    if (!read.ok) return read.response;
    const raw = read.body.url;
    let url: URL;
    try {
      url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
    } catch {
      return fail('That is not a valid web address.', 400);
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      let res: IncomingMessage | null = null;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const target = await publicTarget(url, resolve, allowPrivate());
        res = await getPinned(url, reach(target), {
          signal: controller.signal,
          headers: { accept: 'text/html, text/plain;q=0.9, */*;q=0.1', 'user-agent': 'AI Vault knowledge base (+https://aivault.app)' },
        });
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          res.resume();
          url = new URL(location, url);
          continue;
        }
        break;
      }
      const status = res?.statusCode ?? 0;
      if (!res || (status >= 300 && status < 400)) return fail('That address redirects too many times.', 400);
      if (status < 200 || status >= 300) {
        res.resume();
        return fail(`The page answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}.`, 502);
      }
      const type = String(res.headers['content-type'] ?? '').toLowerCase();
      const isHtml = type.includes('html');
      if (!isHtml && !type.startsWith('text/')) {
        res.destroy();
        return fail('That address is not a web page or a text file.', 415);
      }
      const content = await readLimited(res);
      if (content === null) return fail('That page is too large to add (over 2 MB).', 413);
      const { title, text } = isHtml
        ? readableText(content, url.href)
        : { title: url.pathname.split('/').pop() || url.hostname, text: collapse(content) };
      if (!text) return fail('No readable text was found on that page.', 422);
      return json({ url: url.href, title, text: text.slice(0, MAX_TEXT), truncated: text.length > MAX_TEXT });
    } catch (error) {
      if (error instanceof RefusedAddress) return fail(error.message, 400);
      if ((error as Error).name === 'AbortError' || controller.signal.aborted) return fail('The page took too long to answer.', 504);
      return fail('The page could not be read. Check the address and try again.', 502);
    } finally {
      clearTimeout(timer);
    }
  };
}

export default createFetchUrl();
