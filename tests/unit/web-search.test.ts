import { describe, expect, it } from 'vitest';
import { citationsIn, groundedTask, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import {
  numberedFrom,
  numberedWebSources,
  resultsFromBrave,
  resultsFromSearxng,
  resultsFromTavily,
  searchFailure,
  searchQuery,
  siteOf,
  webCitationsIn,
  webGroundedTask,
  webSourcesFrom,
  WEB_SEARCH_TEXTS,
} from '@/shared/core/webSearch.ts';
import { defaultResults } from '../fixtures/fake-search.ts';

const results = defaultResults('AI writing tools');

describe('web sources', () => {
  it('numbers results from 1, each page once, with its site and without tags or entities', () => {
    const sources = numberedWebSources(results);
    expect(sources.map((s) => [s.n, s.site, s.url])).toEqual([
      [1, 'example.com', 'https://www.example.com/report'],
      [2, 'pricing.example.org', 'https://pricing.example.org/compare'],
      // The report's #summary is the same page: skipped, and the numbers stay consecutive.
      [3, 'news.example.net', 'https://news.example.net/trends'],
      [4, 'forum.example.com', 'https://forum.example.com/t/123'],
      [5, 'cases.example.io', 'https://cases.example.io/study'],
    ]);
    expect(sources[0]!.snippet).toBe('The AI writing tools market grew 12% in 2026.');
    expect(sources[2]!.title).toBe('Trends & forecasts');
  });

  it('keeps at most the number asked for, and never more than ten', () => {
    expect(numberedWebSources(results, 2)).toHaveLength(2);
    const many = Array.from({ length: 30 }, (_, i) => ({ title: `t${i}`, url: `https://site${i}.example/`, snippet: '' }));
    expect(numberedWebSources(many, 50)).toHaveLength(10);
  });

  it('drops links that are not http(s) and names an untitled page by its site', () => {
    const sources = numberedWebSources([
      { title: 'x', url: 'javascript:alert(1)', snippet: '' },
      { title: 'y', url: 'not a url', snippet: '' },
      { title: '', url: 'https://www.untitled.example/page', snippet: 'long '.repeat(300) },
    ]);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ n: 1, title: 'untitled.example', site: 'untitled.example' });
    expect(sources[0]!.snippet.length).toBeLessThanOrEqual(600);
    expect(sources[0]!.snippet.endsWith('…')).toBe(true);
  });

  it('reads each service’s answer into one shape', () => {
    const expected = [{ title: 'T', url: 'https://a.example/', snippet: 'S' }];
    expect(resultsFromBrave({ web: { results: [{ title: 'T', url: 'https://a.example/', description: 'S' }] } })).toEqual(expected);
    expect(resultsFromTavily({ results: [{ title: 'T', url: 'https://a.example/', content: 'S', score: 1 }] })).toEqual(expected);
    expect(resultsFromSearxng({ results: [{ title: 'T', url: 'https://a.example/', content: 'S' }] })).toEqual(expected);
    expect(resultsFromBrave({ type: 'search' })).toEqual([]);
    expect(resultsFromTavily(null)).toEqual([]);
    expect(resultsFromSearxng({ results: [null, 3] })).toEqual([]);
  });

  it('names a site without www', () => {
    expect(siteOf('https://www.brave.com/search/api/')).toBe('brave.com');
    expect(siteOf('nope')).toBe('');
  });
});

describe('the prompt section', () => {
  const sources = numberedWebSources(results);

  it('adds the numbered sources with title, site, link and snippet, and asks for [n] citations', () => {
    const prompt = webGroundedTask('Compare AI writing tools.', sources, '2026-11-29');
    expect(prompt.startsWith('Compare AI writing tools.\n\n---\n')).toBe(true);
    expect(prompt).toContain('searched on 2026-11-29');
    expect(prompt).toContain('in square brackets, like [1] or [2][3]');
    expect(prompt).toContain(
      '[2] Pricing of the leading tools (pricing.example.org): https://pricing.example.org/compare\n"""\nPlans start at $29',
    );
    expect(prompt).not.toContain('[6]');
  });

  it('leaves the task as it is without sources', () => {
    expect(webGroundedTask('Just this.', [], '2026-11-29')).toBe('Just this.');
  });

  it('searches with the prompt on one line, cut at a word within 400 characters and 50 words', () => {
    expect(searchQuery('  What do\n\nAI tools   cost? ')).toBe('What do AI tools cost?');
    const long = searchQuery('word '.repeat(200));
    expect(long.split(' ')).toHaveLength(50);
    const wide = searchQuery(`${'abcdefghij'.repeat(30)} ${'klmnopqrst'.repeat(15)}`);
    expect(wide).toBe('abcdefghij'.repeat(30));
    expect(searchQuery('   ')).toBe('');
  });
});

describe('citations', () => {
  const sources = numberedWebSources(results);

  it('lists the cited sources in the order first cited, once each, ignoring numbers not listed', () => {
    const cited = webCitationsIn('Prices start at $29 [2]. The market grew [1][2]; see also [9] and [0].', sources);
    expect(cited.map((s) => s.n)).toEqual([2, 1]);
  });

  it('reads stored sources back, refusing anything that is not a list of linked sources', () => {
    const stored: unknown = JSON.parse(JSON.stringify(sources));
    expect(webSourcesFrom(stored)).toEqual(sources);
    expect(webSourcesFrom(null)).toBeNull();
    expect(webSourcesFrom([{ n: 1, url: 'javascript:alert(1)' }])).toBeNull();
    expect(webSourcesFrom([{ n: '1', url: 'https://a.example/' }])).toBeNull();
  });

  it('says which path was used', () => {
    expect(WEB_SEARCH_TEXTS.searchedWith('brave', 5)).toBe('Searched the web with Brave Search: 5 sources');
    expect(WEB_SEARCH_TEXTS.searchedWith('searxng', 1)).toBe('Searched the web with SearXNG: 1 source');
  });
});

describe('knowledge base and web in one answer', () => {
  const passages: KnowledgePassage[] = [1, 2].map((i) => ({
    chunkId: `c${i}`,
    documentId: `d${i}`,
    documentName: `Doc ${i}`,
    position: 0,
    content: `Passage ${i}`,
    rank: 1,
  }));
  const web = numberedFrom(numberedWebSources(results, 3), passages.length + 1);

  it('numbers the web sources after the passages, so each number names one source', () => {
    expect(web.map((s) => s.n)).toEqual([3, 4, 5]);
    const prompt = webGroundedTask(groundedTask('Compare the tools.', passages), web, '2026-11-29');
    expect(prompt).toContain('[1] Doc 1');
    expect(prompt).toContain('[2] Doc 2');
    expect(prompt).toContain('[3] AI writing tools — market report 2026 (example.com)');
    expect(prompt).not.toMatch(/^\[1\] AI writing/m);
  });

  it('reads each side’s citations from the same answer', () => {
    const answer = 'Our plan [1]; the market [3][5]; again [2].';
    expect(citationsIn(answer, passages).map((c) => c.number)).toEqual([1, 2]);
    expect(webCitationsIn(answer, web).map((s) => s.n)).toEqual([3, 5]);
  });
});

describe('refusals as sentences', () => {
  it('maps each service’s bad key, rate limit and quota to one sentence', () => {
    const brave422 = { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 422 } };
    expect(searchFailure('brave', 422, brave422)).toEqual({
      kind: 'key',
      message: 'Brave Search refused your search key. Check it in Settings → Web search.',
    });
    expect(searchFailure('brave', 401, null).kind).toBe('key');
    expect(searchFailure('brave', 429, { error: { code: 'RATE_LIMITED' } }).kind).toBe('rate');
    expect(searchFailure('tavily', 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } }).message).toBe(
      'Tavily refused your search key. Check it in Settings → Web search.',
    );
    expect(searchFailure('tavily', 432, {}).kind).toBe('quota');
    expect(searchFailure('tavily', 429, {}).message).toBe(
      'Tavily says searches are coming too fast for your plan. Wait a minute and try again.',
    );
    expect(searchFailure('searxng', 403, null).kind).toBe('format');
    expect(searchFailure('searxng', 401, null).kind).toBe('key');
    expect(searchFailure('brave', 500, null)).toEqual({
      kind: 'unavailable',
      message: 'Brave Search could not search just now (it answered 500). Try again later.',
    });
  });

  it('a 422 that is not about the key is not blamed on the key', () => {
    const validation: unknown = { type: 'ErrorResponse', error: { code: 'VALIDATION', status: 422 } };
    expect(searchFailure('brave', 422, validation).kind).toBe('unavailable');
  });
});
