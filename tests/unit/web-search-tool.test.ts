import { describe, expect, it } from 'vitest';
import { anthropicWebFound, geminiWebFound, withCitationMarks } from '@/shared/ai/webSearchTool.ts';
import { searchesNatively, webCitationsIn, WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';

const REDIRECT = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/';

describe('withCitationMarks', () => {
  it('puts [n] after the character each mark names, marks at one place merged and ordered', () => {
    const text = 'Alpha. Beta.';
    expect(
      withCitationMarks(text, [
        { at: 6, numbers: [2] },
        { at: 12, numbers: [3] },
        { at: 6, numbers: [1, 2] },
      ]),
    ).toBe('Alpha.[1][2] Beta.[3]');
  });

  it('keeps the text as it is without marks, and clamps marks beyond its end', () => {
    expect(withCitationMarks('Text', [])).toBe('Text');
    expect(
      withCitationMarks('Text', [
        { at: 99, numbers: [4] },
        { at: 1, numbers: [] },
      ]),
    ).toBe('Text[4]');
  });
});

describe('geminiWebFound', () => {
  const text = 'Spain won Euro 2024. The final was in Berlin.';
  const metadata = {
    webSearchQueries: ['who won euro 2024', 'euro 2024 final venue'],
    groundingChunks: [
      { web: { uri: `${REDIRECT}aaa`, title: 'uefa.com' } },
      { web: { uri: `${REDIRECT}bbb`, title: 'www.bbc.co.uk' } },
      { web: { uri: `${REDIRECT}aaa`, title: 'uefa.com' } },
      { retrievedContext: {} },
    ],
    groundingSupports: [
      { segment: { startIndex: 0, endIndex: 20, text: 'Spain won Euro 2024.' }, groundingChunkIndices: [0, 1] },
      // Overlapping: the whole answer, supported by the repeated chunk and the second one.
      { segment: { startIndex: 0, endIndex: 45, text }, groundingChunkIndices: [2, 1] },
      { segment: { startIndex: 21, endIndex: 45, text: 'The final was in Berlin.' }, groundingChunkIndices: [1] },
      // A chunk that is no web page cites nothing.
      { segment: { startIndex: 0, endIndex: 20, text: 'Spain won Euro 2024.' }, groundingChunkIndices: [3] },
    ],
  };

  it('numbers each page once from `first`, names the site from the title behind the redirect, quotes the segments', () => {
    const found = geminiWebFound(metadata, text, 3);
    expect(found.searches).toBe(2);
    expect(found.sources).toEqual([
      { n: 3, title: 'uefa.com', site: 'uefa.com', url: `${REDIRECT}aaa`, snippet: `Spain won Euro 2024. … ${text}` },
      {
        n: 4,
        title: 'www.bbc.co.uk',
        site: 'bbc.co.uk',
        url: `${REDIRECT}bbb`,
        // A segment already quoted is not quoted again.
        snippet: `Spain won Euro 2024. … ${text}`,
      },
    ]);
  });

  it('marks the end of every supported segment with its chunks, repeated pages once', () => {
    const found = geminiWebFound(metadata, text, 3);
    const cited = withCitationMarks(text, found.marks);
    expect(cited).toBe('Spain won Euro 2024.[3][4] The final was in Berlin.[3][4]');
    expect(webCitationsIn(cited, found.sources).map((s) => s.n)).toEqual([3, 4]);
  });

  it('reads segment indices as UTF-8 bytes, and finds a segment whose offsets do not match by its text', () => {
    const accented = 'Café crème. Done.';
    const bytes = new TextEncoder().encode('Café crème.').length;
    const found = geminiWebFound(
      {
        groundingChunks: [{ web: { uri: 'https://example.com/a#top', title: 'A' } }],
        groundingSupports: [
          { segment: { startIndex: 0, endIndex: bytes, text: 'Café crème.' }, groundingChunkIndices: [0] },
          { segment: { startIndex: 500, endIndex: 505, text: 'Done.' }, groundingChunkIndices: [0] },
        ],
      },
      accented,
      1,
    );
    expect(withCitationMarks(accented, found.marks)).toBe('Café crème.[1] Done.[1]');
    // A page without a fragment; one search assumed when queries are not listed.
    expect(found.sources[0]).toMatchObject({ url: 'https://example.com/a', site: 'example.com' });
    expect(found.searches).toBe(1);
  });

  it('finds nothing in an answer without grounding', () => {
    expect(geminiWebFound({}, 'Plain.', 1)).toEqual({ sources: [], searches: 0, marks: [] });
  });
});

describe('anthropicWebFound', () => {
  const result = (url: string, title: string) => ({ type: 'web_search_result', url, title, encrypted_content: 'x', page_age: null });
  const citation = (url: string, title: string, cited_text: string) => ({
    type: 'web_search_result_location',
    url,
    title,
    cited_text,
    encrypted_index: 'y',
  });
  const blocks = [
    { type: 'text', text: "I'll search for that." },
    { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'euro 2024' } },
    {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: [result('https://a.example/x', 'A'), result('https://b.example/y', 'B'), result('https://c.example/z', 'C')],
    },
    { type: 'text', text: ' Spain won.', citations: [citation('https://b.example/y', 'B', 'Spain beat England 2-1.')] },
    {
      type: 'text',
      text: ' In Berlin.',
      citations: [citation('https://a.example/x', 'A', 'Berlin'), citation('https://b.example/y', 'B', 'Olympiastadion')],
    },
    { type: 'text', text: ' Done.', citations: null },
  ];

  it('numbers the cited pages first, in the order cited, then the other results; quotes what they support', () => {
    const found = anthropicWebFound(blocks, 2, 1);
    expect(found.sources).toEqual([
      { n: 2, title: 'B', site: 'b.example', url: 'https://b.example/y', snippet: 'Spain beat England 2-1. … Olympiastadion' },
      { n: 3, title: 'A', site: 'a.example', url: 'https://a.example/x', snippet: 'Berlin' },
      { n: 4, title: 'C', site: 'c.example', url: 'https://c.example/z', snippet: '' },
    ]);
    expect(found.searches).toBe(1);
  });

  it('marks the end of each cited text block', () => {
    const found = anthropicWebFound(blocks, 2, 1);
    const text = blocks.map((b) => ('text' in b ? b.text : '')).join('');
    expect(withCitationMarks(text, found.marks)).toBe("I'll search for that. Spain won.[2] In Berlin.[2][3] Done.");
  });

  it('counts the server tool uses when usage does not say', () => {
    expect(anthropicWebFound(blocks, 1).searches).toBe(1);
    expect(anthropicWebFound([{ type: 'text', text: 'Hi' }], 1)).toEqual({ sources: [], searches: 0, marks: [] });
  });
});

describe('the path used', () => {
  it('names the provider tools and only Gemini and Anthropic search natively', () => {
    expect(WEB_SEARCH_TEXTS.searchedWith('gemini', 4)).toBe("Searched the web with Gemini's Google Search: 4 sources");
    expect(WEB_SEARCH_TEXTS.searchedWith('anthropic', 1)).toBe("Searched the web with Claude's web search: 1 source");
    expect(WEB_SEARCH_TEXTS.nothingFound('gemini')).toBe("Gemini's Google Search gave no sources for this answer.");
    expect(['gemini', 'anthropic', 'openai', 'mistral', 'brave'].filter(searchesNatively)).toEqual(['gemini', 'anthropic']);
    expect(WEB_SEARCH_TEXTS.switchHelpNative('gemini')).toBe(
      'Gemini searches the web with Google Search while it answers and cites the pages it used. No search key is needed.',
    );
  });
});
