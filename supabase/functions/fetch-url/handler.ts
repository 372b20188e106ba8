import { lookup } from 'node:dns/promises';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';
import { isPrivateAddress } from '../_shared/net.ts';

/**
 * POST /functions/v1/fetch-url { url } (signed in): the readable text of a web page, for a
 * knowledge-base URL document. Done on the server because the dashboard cannot read other sites
 * (CORS) and the extension may not be installed. Guarded: http(s) only, public addresses only
 * (every redirect re-checked), 10 s, 2 MB, HTML or plain text.
 * FETCH_URL_ALLOW_PRIVATE=true lets a developer's stack read pages on localhost.
 */

const MAX_BYTES = 2_000_000;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
const MAX_TEXT = 200_000;

const allowPrivate = () => (typeof process !== 'undefined' ? process.env.FETCH_URL_ALLOW_PRIVATE : undefined) === 'true';

async function checkTarget(url: URL): Promise<string | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https addresses can be added.';
  if (url.username || url.password) return 'Addresses with a user name or password cannot be added.';
  if (allowPrivate()) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await lookup(host, { all: true }).catch(() => null);
  if (!addresses?.length) return 'That address could not be found.';
  if (addresses.some((a) => isPrivateAddress(a.address))) return 'That address is on a private network and cannot be read.';
  return null;
}

async function readLimited(res: Response): Promise<string | null> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const charset = /charset=([\w-]+)/i.exec(res.headers.get('content-type') ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

const collapse = (text: string) => text.replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();

export function readableText(html: string, url: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const title = document.title?.trim() || new URL(url).hostname;
  try {
    const article = new Readability(document as unknown as Document).parse();
    if (article?.textContent && article.textContent.trim().length > 100) return { title: article.title?.trim() || title, text: collapse(article.textContent) };
  } catch {
    // Falls back to the body's text below.
  }
  for (const el of document.querySelectorAll('script, style, noscript, template')) el.remove();
  return { title, text: collapse(document.body?.textContent ?? '') };
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  if (!(await callerOf(req))) return fail('Sign in first.', 401);
  const body = (await req.json().catch(() => null)) as { url?: unknown } | null;
  const raw = typeof body?.url === 'string' ? body.url.trim() : '';
  if (!raw) return fail('URL cannot be empty', 400);
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return fail('That is not a valid web address.', 400);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    let res: Response | null = null;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const problem = await checkTarget(url);
      if (problem) return fail(problem, 400);
      res = await fetch(url, { redirect: 'manual', signal: controller.signal, headers: { accept: 'text/html, text/plain;q=0.9, */*;q=0.1', 'user-agent': 'AI Vault knowledge base (+https://aivault.app)' } });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      break;
    }
    if (!res || (res.status >= 300 && res.status < 400)) return fail('That address redirects too many times.', 400);
    if (!res.ok) return fail(`The page answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`, 502);
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const isHtml = type.includes('html');
    if (!isHtml && !type.startsWith('text/')) return fail('That address is not a web page or a text file.', 415);
    const content = await readLimited(res);
    if (content === null) return fail('That page is too large to add (over 2 MB).', 413);
    const { title, text } = isHtml ? readableText(content, url.href) : { title: url.pathname.split('/').pop() || url.hostname, text: collapse(content) };
    if (!text) return fail('No readable text was found on that page.', 422);
    return json({ url: url.href, title, text: text.slice(0, MAX_TEXT), truncated: text.length > MAX_TEXT });
  } catch (error) {
    if ((error as Error).name === 'AbortError') return fail('The page took too long to answer.', 504);
    return fail('The page could not be read. Check the address and try again.', 502);
  } finally {
    clearTimeout(timer);
  }
}
