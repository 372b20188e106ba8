/**
 * Web search grounding, the BYOK path: a search service's results become
 * numbered sources ({n, title, site, url, snippet}), the prompt gets a section listing them, the
 * model cites them as [1], [2] … like the knowledge base's answers (knowledge/grounding.ts), and
 * the screen maps each citation back to its page. Also the three services' answers read into one
 * shape and their refusals turned into one sentence each. Pure.
 */

export const SEARCH_PROVIDERS = ['brave', 'tavily', 'searxng'] as const;
export type SearchProviderId = (typeof SEARCH_PROVIDERS)[number];

export const SEARCH_PROVIDER_NAMES: Record<SearchProviderId, string> = {
  brave: 'Brave Search',
  tavily: 'Tavily',
  searxng: 'SearXNG',
};

/**
 * The AI providers whose API has its own search tool, used instead of the user's search key
 * (docs/providers.md §13): Gemini's Google Search grounding and Claude's web search server tool.
 * OpenAI's chat completions have none (its search tool lives in the Responses API).
 */
const NATIVE_SEARCH_PROVIDERS = ['gemini', 'anthropic'] as const;
export type NativeSearchProvider = (typeof NATIVE_SEARCH_PROVIDERS)[number];

/** Whether a provider searches the web with its own tool. */
export const searchesNatively = (provider: string): provider is NativeSearchProvider =>
  (NATIVE_SEARCH_PROVIDERS as readonly string[]).includes(provider);

/** The path a run's web search took: the user's search service, or the AI provider's own tool. */
export type WebSearchPath = SearchProviderId | NativeSearchProvider;

const WEB_SEARCH_PATH_NAMES: Record<WebSearchPath, string> = {
  ...SEARCH_PROVIDER_NAMES,
  gemini: "Gemini's Google Search",
  anthropic: "Claude's web search",
};

/** One result as a service gives it, before numbering. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** A numbered source as the prompt, the answer's list and prompt_runs.web_sources hold it. */
export interface WebSource {
  n: number;
  title: string;
  site: string;
  url: string;
  snippet: string;
}

/** How many sources a grounded answer gets by default, and at most (prompt_runs.web_sources allows 20). */
export const WEB_SOURCES_DEFAULT = 5;
export const WEB_SOURCES_MAX = 10;
const SNIPPET_MAX = 600;
const TITLE_MAX = 300;
/** Brave takes at most 400 characters and 50 words in `q` (its web search reference); the others take this much too. */
const SEARCH_QUERY_MAX = 400;
const SEARCH_QUERY_WORDS = 50;

export const WEB_SEARCH_TEXTS = {
  switchLabel: 'Search the web',
  switchHelp: 'Searches the web for the prompt with your search key and sends the results as numbered sources the answer cites.',
  /** The switch's help when the run's provider searches with its own tool. */
  switchHelpNative: (provider: NativeSearchProvider) =>
    `${provider === 'gemini' ? 'Gemini searches the web with Google Search' : 'Claude searches the web with its web search tool'} while it answers and cites the pages it used. No search key is needed.`,
  noKey: 'Add a web search key in Settings (Brave Search, Tavily or your own SearXNG server) to search the web. Nothing was sent.',
  searching: 'Searching the web',
  searchedWith: (path: WebSearchPath, count: number) =>
    `Searched the web with ${WEB_SEARCH_PATH_NAMES[path]}: ${count} source${count === 1 ? '' : 's'}`,
  nothingFound: (path: WebSearchPath) =>
    searchesNatively(path)
      ? `${WEB_SEARCH_PATH_NAMES[path]} gave no sources for this answer.`
      : `${SEARCH_PROVIDER_NAMES[path]} found nothing for this prompt; it was sent without web sources.`,
  sources: 'Web sources',
  keptWithRun: (count: number) => `${count} web source${count === 1 ? '' : 's'} went with this run.`,
  settingsTitle: 'Web search',
  settingsHelp:
    'Answers can be grounded in a live web search with linked sources. Add a Brave Search or Tavily API key, or the address of your own SearXNG server (with the JSON format turned on). The key is stored encrypted and used only by our server to run your searches.',
  serviceLabel: 'Search service',
  keyLabel: (provider: SearchProviderId) => `${SEARCH_PROVIDER_NAMES[provider]} API key`,
  urlLabel: 'SearXNG address',
  searxngKeyLabel: 'Key for the SearXNG server (optional)',
  save: 'Save search key',
  remove: 'Remove',
  saved: (provider: SearchProviderId) => `Web search uses ${SEARCH_PROVIDER_NAMES[provider]}.`,
  removed: 'The web search key was removed.',
  emptyKey: 'Enter the API key first.',
  badUrl: 'Enter the SearXNG address, starting with https:// or http://.',
  emptyQuery: 'There is nothing to search for: type a prompt first.',
} as const;

const clean = (text: string): string =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, entity: string) =>
      entity === 'amp' ? '&' : entity === 'lt' ? '<' : entity === 'gt' ? '>' : entity === 'quot' ? '"' : entity === '#39' ? "'" : ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The site a link is on, as people name it: the host without "www.". */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** What to search for a prompt: its text on one line, cut at a word within the services' limits. */
export function searchQuery(prompt: string): string {
  const words = prompt.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean).slice(0, SEARCH_QUERY_WORDS);
  let query = '';
  for (const word of words) {
    const next = query ? `${query} ${word}` : word;
    if (next.length > SEARCH_QUERY_MAX) break;
    query = next;
  }
  return query || words.join(' ').slice(0, SEARCH_QUERY_MAX);
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function resultsOf(list: unknown, snippetField: string): SearchResult[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const row = record(item);
    if (!row) return [];
    return [{ title: text(row.title), url: text(row.url), snippet: text(row[snippetField]) }];
  });
}

/** Brave's web search answer: `web.results[]` with title, url and description (HTML marks its matches). */
export const resultsFromBrave = (body: unknown): SearchResult[] => resultsOf(record(record(body)?.web)?.results, 'description');

/** Tavily's answer: `results[]` with title, url and content. */
export const resultsFromTavily = (body: unknown): SearchResult[] => resultsOf(record(body)?.results, 'content');

/** SearXNG's format=json answer: `results[]` with title, url and content. */
export const resultsFromSearxng = (body: unknown): SearchResult[] => resultsOf(record(body)?.results, 'content');

/** A link without its fragment: the same page twice (#top, #pricing) is one source. */
function pageKey(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/**
 * The results numbered from 1: http(s) links only, each page once, tags and entities taken out of
 * titles and snippets, at most `max`.
 */
export function numberedWebSources(results: readonly SearchResult[], max = WEB_SOURCES_DEFAULT): WebSource[] {
  const seen = new Set<string>();
  const sources: WebSource[] = [];
  for (const result of results) {
    if (sources.length >= Math.min(max, WEB_SOURCES_MAX)) break;
    let url: URL;
    try {
      url = new URL(result.url.trim());
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    const key = pageKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    const site = siteOf(url.href);
    sources.push({
      n: sources.length + 1,
      title: cut(clean(result.title) || site, TITLE_MAX),
      site,
      url: url.href,
      snippet: cut(clean(result.snippet), SNIPPET_MAX),
    });
  }
  return sources;
}

/**
 * The sources numbered on from `first`: with the knowledge base's passages in the same prompt
 * ([1] … [k]), the web's continue at k + 1, so every number in the answer names one source.
 */
export const numberedFrom = (sources: readonly WebSource[], first: number): WebSource[] =>
  sources.map((source, i) => ({ ...source, n: first + i }));

/** The numbered list as the model reads it: number, title, site and link, and the snippet quoted. */
function webSourcesSection(sources: readonly WebSource[]): string {
  return sources.map((s) => `[${s.n}] ${s.title} (${s.site}): ${s.url}\n"""\n${s.snippet}\n"""`).join('\n\n');
}

/**
 * A task (a prompt to run) with the web results found for it: the task may go beyond them, but
 * what it takes from them is cited with their numbers. `searchedOn` dates the results (YYYY-MM-DD)
 * so the model can tell how current they are.
 */
export function webGroundedTask(task: string, sources: readonly WebSource[], searchedOn: string): string {
  if (!sources.length) return task;
  return [
    task.trim(),
    '',
    '---',
    `Use the web search results below (searched on ${searchedOn}) where they are relevant. Cite every fact taken from them with the number of its source in square brackets, like [1] or [2][3]. If they do not answer the question, say so instead of guessing; do not cite a number that is not listed.`,
    '',
    `Web search results:\n\n${webSourcesSection(sources)}`,
  ].join('\n');
}

/** The sources an answer cites, in the order first cited; numbers outside the list are ignored. */
export function webCitationsIn(answer: string, sources: readonly WebSource[]): WebSource[] {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const seen = new Set<number>();
  const cited: WebSource[] = [];
  for (const match of answer.matchAll(/\[(\d{1,3})\]/g)) {
    const number = Number(match[1]);
    const source = byNumber.get(number);
    if (!source || seen.has(number)) continue;
    seen.add(number);
    cited.push(source);
  }
  return cited;
}

/** prompt_runs.web_sources as stored, checked: the list, or null when the value is not one. */
export function webSourcesFrom(value: unknown): WebSource[] | null {
  if (!Array.isArray(value)) return null;
  const sources: WebSource[] = [];
  for (const item of value) {
    const row = record(item);
    if (!row || typeof row.n !== 'number' || typeof row.url !== 'string' || !/^https?:\/\//i.test(row.url)) return null;
    sources.push({ n: row.n, title: text(row.title), site: text(row.site), url: row.url, snippet: text(row.snippet) });
  }
  return sources;
}

/** A stored search path (workflow_run_steps.web_search_path), checked: the path, or null. */
export const webSearchPathFrom = (value: unknown): WebSearchPath | null =>
  typeof value === 'string' && Object.hasOwn(WEB_SEARCH_PATH_NAMES, value) ? (value as WebSearchPath) : null;

/** What a service's refusal means, for the sentence and the status the web-search function answers. */
type SearchFailureKind = 'key' | 'rate' | 'quota' | 'format' | 'unavailable';

export interface SearchFailure {
  kind: SearchFailureKind;
  message: string;
}

/** The code in a Brave error body ({type: 'ErrorResponse', error: {code, detail, status}}). */
const braveCode = (body: unknown): string => text(record(record(body)?.error)?.code);

/**
 * A service's refusal as one sentence that says what to do. Brave answers a bad or missing key
 * 401, or 422 with SUBSCRIPTION_TOKEN_INVALID; Tavily 401 for a bad key, 432/433 for a plan's or
 * pay-as-you-go limit; SearXNG 403 when its JSON format is off; all 429 when too fast.
 */
export function searchFailure(provider: SearchProviderId, status: number, body: unknown): SearchFailure {
  const name = SEARCH_PROVIDER_NAMES[provider];
  const code = provider === 'brave' ? braveCode(body) : '';
  if (status === 429 || code === 'RATE_LIMITED')
    return { kind: 'rate', message: `${name} says searches are coming too fast for your plan. Wait a minute and try again.` };
  if (provider === 'searxng' && status === 403)
    return {
      kind: 'format',
      message: 'Your SearXNG server refused to answer in JSON: add json to search.formats in its settings.yml, then try again.',
    };
  if (status === 401 || status === 403 || code === 'SUBSCRIPTION_TOKEN_INVALID')
    return {
      kind: 'key',
      message:
        provider === 'searxng'
          ? 'Your SearXNG server refused the request: check its address and key in Settings → Web search.'
          : `${name} refused your search key. Check it in Settings → Web search.`,
    };
  if (provider === 'tavily' && (status === 432 || status === 433))
    return {
      kind: 'quota',
      message: "Tavily says your plan's search credits are used up. Add credits on tavily.com or wait for the next month.",
    };
  return { kind: 'unavailable', message: `${name} could not search just now (it answered ${status}). Try again later.` };
}
