import { siteOf, type WebSource } from '../core/webSearch.ts';

/**
 * The provider's own web search (docs/providers.md §13): what Gemini's Google Search grounding
 * and Claude's web search tool answer, read into the numbered sources of the BYOK path
 * (core/webSearch.ts) and the places in the answer where `[n]` markers go, so the sources list
 * and webCitationsIn work alike for both paths. Pure.
 */

/** What a provider's search gave one answer: its sources (numbered), the searches it ran, where markers go. */
export interface WebFound {
  sources: WebSource[];
  /** Searches the provider ran (and bills): Gemini's queries, Anthropic's web_search_requests. */
  searches: number;
  /** Source numbers to cite after the character `at` of the answer's text. */
  marks: CitationMark[];
}

export interface CitationMark {
  at: number;
  numbers: number[];
}

/** prompt_runs.web_sources allows 20. */
const PROVIDER_SOURCES_MAX = 20;
const SNIPPET_MAX = 600;
const TITLE_MAX = 300;
/** Gemini's grounding links go through this redirect; the chunk's title names the site instead. */
const GEMINI_REDIRECT_HOST = 'vertexaisearch.cloud.google.com';

const cut = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The page a link names (http(s) only, without its fragment), or null. */
function pageOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const page = new URL(url.trim());
    if (page.protocol !== 'https:' && page.protocol !== 'http:') return null;
    page.hash = '';
    return page.href;
  } catch {
    return null;
  }
}

/** Collects sources in order, each page once, at most PROVIDER_SOURCES_MAX. */
class SourceList {
  readonly sources: WebSource[] = [];
  private readonly byPage = new Map<string, WebSource>();
  constructor(private readonly first: number) {}

  /** The source for a page (added if new and there is room), or null. */
  add(url: unknown, title: unknown, site?: string): WebSource | null {
    const page = pageOf(url);
    if (!page) return null;
    const known = this.byPage.get(page);
    if (known) return known;
    if (this.sources.length >= PROVIDER_SOURCES_MAX) return null;
    const where = site || siteOf(page);
    const source: WebSource = {
      n: this.first + this.sources.length,
      title: cut(typeof title === 'string' && title.trim() ? title : where, TITLE_MAX),
      site: where,
      url: page,
      snippet: '',
    };
    this.sources.push(source);
    this.byPage.set(page, source);
    return source;
  }

  quote(source: WebSource, text: unknown) {
    if (typeof text !== 'string' || !text.trim() || source.snippet.includes(text.trim())) return;
    source.snippet = cut(source.snippet ? `${source.snippet} … ${text}` : text, SNIPPET_MAX);
  }
}

/** The text with its marks: `[n]` after the character each mark names (marks at one place merged, in order). */
export function withCitationMarks(text: string, marks: readonly CitationMark[]): string {
  const at = new Map<number, Set<number>>();
  for (const mark of marks) {
    if (!mark.numbers.length) continue;
    const place = Math.max(0, Math.min(text.length, mark.at));
    const numbers = at.get(place) ?? new Set<number>();
    mark.numbers.forEach((n) => numbers.add(n));
    at.set(place, numbers);
  }
  let out = text;
  for (const place of [...at.keys()].sort((a, b) => b - a)) {
    const numbers = [...(at.get(place) ?? [])].sort((a, b) => a - b);
    out = `${out.slice(0, place)}${numbers.map((n) => `[${n}]`).join('')}${out.slice(place)}`;
  }
  return out;
}

/** The string index of a UTF-8 byte offset (Gemini's segment indices count bytes). */
function charIndexOfByte(text: string, byte: number): number {
  let bytes = 0;
  let index = 0;
  for (const char of text) {
    if (bytes >= byte) return index;
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    index += char.length;
  }
  return index;
}

interface GeminiSegment {
  startIndex?: number;
  endIndex?: number;
  text?: string;
}

/** candidates[0].groundingMetadata of a Gemini answer (ai.google.dev/gemini-api/docs/google-search). */
export interface GeminiGroundingMetadata {
  webSearchQueries?: string[];
  groundingChunks?: { web?: { uri?: string; title?: string } }[];
  groundingSupports?: { segment?: GeminiSegment; groundingChunkIndices?: number[] }[];
}

/** Where a supported segment ends in the text: by its byte offsets when they match its text, else by finding its text. */
function segmentEnd(text: string, segment: GeminiSegment): number | null {
  const start = charIndexOfByte(text, segment.startIndex ?? 0);
  const end = typeof segment.endIndex === 'number' ? charIndexOfByte(text, segment.endIndex) : null;
  const quoted = segment.text?.trim() ? segment.text : null;
  if (quoted === null) return end;
  if (text.startsWith(quoted, start)) return start + quoted.length;
  const found = text.indexOf(quoted);
  return found >= 0 ? found + quoted.length : end;
}

/**
 * Gemini's grounding: each web chunk a source (a page grounded twice is one source), quoted with
 * the segments it supports; a mark after each supported segment with its chunks' numbers.
 */
export function geminiWebFound(metadata: GeminiGroundingMetadata, text: string, first: number): WebFound {
  const list = new SourceList(first);
  const chunks = (metadata.groundingChunks ?? []).map((chunk) => {
    const title = chunk.web?.title;
    const redirected = pageOf(chunk.web?.uri)?.includes(`//${GEMINI_REDIRECT_HOST}/`) ?? false;
    return list.add(chunk.web?.uri, title, redirected && typeof title === 'string' ? title.replace(/^www\./i, '') : undefined);
  });
  const marks: CitationMark[] = [];
  for (const support of metadata.groundingSupports ?? []) {
    const segment = support.segment ?? {};
    const sources = (support.groundingChunkIndices ?? []).flatMap((i) => chunks[i] ?? []);
    if (!sources.length) continue;
    sources.forEach((source) => list.quote(source, segment.text));
    const at = segmentEnd(text, segment);
    if (at !== null) marks.push({ at, numbers: [...new Set(sources.map((s) => s.n))] });
  }
  const queries = metadata.webSearchQueries?.length ?? 0;
  return { sources: list.sources, searches: queries || (list.sources.length ? 1 : 0), marks };
}

/** A citation on a text block of Claude's answer (docs.claude.com … /web-search-tool). */
interface AnthropicCitation {
  type?: string;
  url?: string;
  title?: string;
  cited_text?: string;
}

/** The content blocks of Claude's answer that a web search touches (others are passed over). */
export type AnthropicSearchBlock =
  | { type: 'text'; text?: string; citations?: AnthropicCitation[] | null }
  | { type: 'web_search_tool_result'; content?: unknown }
  | { type: 'server_tool_use'; name?: string }
  | { type: string };

/**
 * Claude's web search: the pages it cites first (in the order cited, quoted with what they
 * support), then the other results it read; a mark after each cited text block. `requests` is
 * usage.server_tool_use.web_search_requests (else the server_tool_use blocks are counted).
 */
export function anthropicWebFound(blocks: readonly AnthropicSearchBlock[], first: number, requests?: number | null): WebFound {
  const list = new SourceList(first);
  const marks: CitationMark[] = [];
  let offset = 0;
  for (const block of blocks) {
    if (block.type !== 'text' || !('text' in block)) continue;
    offset += (block.text ?? '').length;
    const numbers = new Set<number>();
    for (const citation of ('citations' in block ? block.citations : null) ?? []) {
      if (citation.type !== 'web_search_result_location') continue;
      const source = list.add(citation.url, citation.title);
      if (!source) continue;
      list.quote(source, citation.cited_text);
      numbers.add(source.n);
    }
    if (numbers.size) marks.push({ at: offset, numbers: [...numbers] });
  }
  for (const block of blocks) {
    if (block.type !== 'web_search_tool_result' || !('content' in block) || !Array.isArray(block.content)) continue;
    for (const result of block.content as { type?: string; url?: string; title?: string }[]) {
      if (result.type === 'web_search_result') list.add(result.url, result.title);
    }
  }
  const used = blocks.filter((block) => block.type === 'server_tool_use' && 'name' in block && block.name === 'web_search').length;
  return { sources: list.sources, searches: typeof requests === 'number' ? requests : used, marks };
}
