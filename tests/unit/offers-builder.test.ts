import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  assetExport,
  assetFileName,
  CONTENT_NOT_GENERATED,
  emptyWorkspace,
  exportMarkdown,
  GENERATE_ALL_CONCURRENCY,
  newOffer,
  offerExport,
  offerFileName,
  parseWorkspace,
  rewriteJsonPrompt,
  runBounded,
  updateAsset,
  workspaceStorageKey,
  type OfferFramework,
} from '@/shared/core/offers/index.ts';
import { exportDocument } from '@/shared/export/index.ts';

/** The offer builder's working copy, its exports and the structured rewrite prompt. */

const FRAMEWORK: OfferFramework = {
  title: 'Creator Sprint: 30 Days!',
  description: {
    title: 'Ship in 30 days',
    about: 'A course.',
    for: ['Coaches', 'Creators', 'Consultants'],
    why: ['d', 'e', 'f'],
    outcome: ['g', 'h', 'i'],
  },
  items: ['Offer Hooks', 'Report Card', ...Array.from({ length: 13 }, (_, i) => `Asset ${i}`)],
};

const REPORT = {
  format: 'reportCard' as const,
  data: {
    criteria: Array.from({ length: 8 }, (_, i) => ({
      name: `Criterion ${i}`,
      score: i < 4 ? 6 : 9,
      reasoning: i === 0 ? 'Needs a | pipe' : 'Fine.',
    })),
  },
};

function filledOffer() {
  let offer = newOffer('course pricing', FRAMEWORK);
  offer = updateAsset(offer, 'Offer Hooks', {
    content: { format: 'text', markdown: '1. **Stop guessing**\n2. Ship it' },
    notes: 'Use the second one',
  });
  offer = updateAsset(offer, 'Report Card', { content: REPORT });
  return { ...offer, generalNotes: 'Launch in May' };
}

describe('the working copy kept in the browser', () => {
  it('round-trips through JSON and fills defaults', () => {
    const workspace = {
      ...emptyWorkspace(),
      idea: 'course pricing',
      provider: 'openai',
      model: 'gpt-4o-mini',
      offer: filledOffer(),
      dirty: true,
    };
    expect(parseWorkspace(JSON.stringify(workspace))).toEqual(workspace);
    expect(parseWorkspace(JSON.stringify({ idea: 'only an idea' }))).toEqual({ ...emptyWorkspace(), idea: 'only an idea' });
  });

  it('a damaged copy reads as none (never a broken builder)', () => {
    expect(parseWorkspace(null)).toBeNull();
    expect(parseWorkspace('{not json')).toBeNull();
    const broken = { ...emptyWorkspace(), offer: { ...filledOffer(), framework: { ...FRAMEWORK, items: [] } } };
    expect(parseWorkspace(JSON.stringify(broken))).toBeNull();
    const badAsset = {
      ...emptyWorkspace(),
      offer: { ...filledOffer(), assets: [{ name: 'Report Card', content: { format: 'reportCard', data: { criteria: [] } } }] },
    };
    expect(parseWorkspace(JSON.stringify(badAsset))).toBeNull();
  });

  it('is kept per user', () => {
    expect(workspaceStorageKey('u1')).not.toBe(workspaceStorageKey('u2'));
  });
});

describe('offer exports', () => {
  it('the whole offer: description, every asset in order (notes, "Content not generated."), General Notes', () => {
    const doc = offerExport(filledOffer());
    expect(doc.title).toBe('Creator Sprint: 30 Days!');
    expect(doc.subtitle).toBe('Ship in 30 days');
    const headings = doc.sections.map((s) => s.heading);
    expect(headings.slice(0, 6)).toEqual(['What it is', "Who it's for", 'Why they need it', 'Outcome', 'Offer Hooks', 'Report Card']);
    expect(headings.at(-1)).toBe('General Notes');
    expect(doc.sections).toHaveLength(4 + 15 + 1);
    expect(doc.sections[1]!.markdown).toBe('- Coaches\n- Creators\n- Consultants');
    expect(doc.sections[4]!.markdown).toBe('1. **Stop guessing**\n2. Ship it\n\n**Notes:** Use the second one');
    expect(doc.sections[6]!.markdown).toBe(CONTENT_NOT_GENERATED);
    expect(doc.sections.at(-1)!.markdown).toBe('Launch in May');
  });

  it('a Report Card exports as a table with its average; pipes in text are escaped', () => {
    const markdown = exportMarkdown('Report Card', REPORT);
    expect(markdown.startsWith('Report Card for Report Card\n\n**Overall: 7.5/10**')).toBe(true);
    expect(markdown).toContain('| Criterion 0 | 6/10 | Needs a \\| pipe |');
    expect(markdown).toContain('| Criterion 7 | 9/10 | Fine. |');
  });

  it("file names follow the product's rule; one asset's adds its name", () => {
    const offer = filledOffer();
    expect(offerFileName(offer)).toBe('creator_sprint__30_days_');
    expect(assetFileName(offer, offer.assets[0]!)).toBe('creator_sprint__30_days__offer_hooks');
    expect(assetExport(offer, offer.assets[0]!)).toEqual({
      title: 'Offer Hooks',
      subtitle: 'Creator Sprint: 30 Days!',
      sections: [{ markdown: '1. **Stop guessing**\n2. Ship it\n\n**Notes:** Use the second one' }],
    });
  });

  it('the DOCX of a whole offer holds its assets and the report card table', async () => {
    const file = await exportDocument(offerExport(filledOffer()), 'docx', offerFileName(filledOffer()));
    expect(file.fileName).toBe('creator_sprint__30_days_.docx');
    const xml = await (await JSZip.loadAsync(file.data as ArrayBuffer)).file('word/document.xml')!.async('string');
    for (const text of [
      'Creator Sprint: 30 Days!',
      'Offer Hooks',
      'Stop guessing',
      'Criterion 7',
      '9/10',
      'Launch in May',
      CONTENT_NOT_GENERATED,
    ])
      expect(xml).toContain(text);
    expect(xml).toContain('<w:tbl>');
  });
});

describe('prompts and scheduling', () => {
  it('a structured rewrite sends the JSON and the instruction under the rewrite task', () => {
    const prompt = rewriteJsonPrompt(REPORT.data, '  more formal ', 'Report Card');
    expect(prompt.split('\n')[0]).toBe('Task: offer-rewrite');
    expect(prompt).toContain('Asset: Report Card');
    expect(prompt).toContain('Instruction: more formal\n');
    const json = /"""\n([\s\S]*)\n"""/.exec(prompt)![1]!;
    expect(JSON.parse(json)).toEqual(REPORT.data);
  });

  it('Generate All runs 19 assets in four rounds of at most its concurrency (the ≥ 4× goal over one by one)', async () => {
    // Each asset waits until the test releases every asset in flight: one release is one round.
    const inFlight: (() => void)[] = [];
    const names = Array.from({ length: 19 }, (_, i) => `asset ${i}`);
    const run = runBounded(names, GENERATE_ALL_CONCURRENCY, () => new Promise<boolean>((resolve) => inFlight.push(() => resolve(true))));
    const sizes: number[] = [];
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!inFlight.length) break;
      sizes.push(inFlight.length);
      inFlight.splice(0).forEach((release) => release());
    }
    expect((await run).succeeded).toHaveLength(19);
    expect(sizes).toEqual([5, 5, 5, 4]);
    expect(GENERATE_ALL_CONCURRENCY).toBe(5);
    expect(19 / sizes.length).toBeGreaterThanOrEqual(4);
  });
});
