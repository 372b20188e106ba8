import { describe, expect, it } from 'vitest';
import {
  assetCopyText,
  assetFormat,
  assetsFromFramework,
  assetsToGenerate,
  CONTENT_NOT_GENERATED,
  emailSequenceSchema,
  generateAllSummary,
  knowledgeContext,
  mapCategory,
  moveAsset,
  newOffer,
  normalizePlan,
  offerCopyText,
  offerFrameworkSchema,
  OFFER_TITLE_MAX,
  planOrder,
  reorderAssets,
  reportCardSchema,
  runBounded,
  knowledgeBudgetChars,
  KNOWLEDGE_BUDGET_CHARS,
  KNOWLEDGE_BUDGET_MAX_CHARS,
  updateAsset,
  videoEmbedUrl,
  type OfferFramework,
} from '@/shared/core/offers/index.ts';

const ITEMS = [
  'Offer Hooks',
  'Sales Page Headlines',
  'Product Launch Email Sequence',
  'Launch Plan (Checklist)',
  'Content Writing Templates',
  'Video Script',
  'Launch Ideas',
  'Webinar Outline',
  'Facebook Ads',
  'YouTube Ads',
  'Facebook Retargeting Ads',
  'Pricing Strategy',
  'Refund Reducer',
  'Market Analysis',
  'Report Card',
  { name: 'Lead Magnet Ideas', subItems: ['quiz', 'checklist'] },
];

const FRAMEWORK: OfferFramework = {
  title: 'Creator Sprint',
  description: { title: 'Ship in 30 days', about: 'A course.', for: ['a', 'b', 'c'], why: ['d', 'e', 'f'], outcome: ['g', 'h', 'i'] },
  items: ITEMS,
};

describe('category mapping (keyword order)', () => {
  it.each([
    ['Welcome email series', 'Product Launch Email Sequence'],
    ['Email Marketing Templates', 'Product Launch Email Sequence'],
    ['Irresistible hooks', 'Offer Hooks'],
    ['Headlines for the sales page', 'Sales Page Headlines'],
    ['90-day marketing plan', 'Launch Plan (Checklist)'],
    ['Pre-launch checklist', 'Launch Plan (Checklist)'],
    ['Blog templates', 'Content Writing Templates'],
    ['Promo video', 'Video Script'],
    ['Launch ideas for Q3', 'Launch Ideas'],
    ['Live webinar', 'Webinar Outline'],
    ['Facebook ad copy', 'Facebook Ads'],
    ['YouTube ad', 'YouTube Ads'],
    ['Retargeting sequence', 'Facebook Retargeting Ads'],
    ['Pricing tiers', 'Pricing Strategy'],
    ['Refund policy', 'Refund Reducer'],
    ['Competitor analysis', 'Market Analysis'],
    ['Offer report card', 'Report Card'],
    ['Lead magnet list', 'Lead Magnet Ideas'],
    ['Bonus stack', 'Bonus Builder'],
    ['Upsell ideas', 'High Ticket Upsells'],
    ['  Testimonials  ', 'Testimonials'],
  ])('%s → %s', (raw, expected) => {
    expect(mapCategory(raw)).toBe(expected);
  });

  it('earlier keywords win: "Facebook ad retargeting" is a Facebook ad, "Video launch plan" a plan', () => {
    expect(mapCategory('Facebook ad retargeting')).toBe('Facebook Ads');
    expect(mapCategory('Facebook retargeting ads')).toBe('Facebook Retargeting Ads');
    expect(mapCategory('Video launch plan')).toBe('Launch Plan (Checklist)');
  });

  it('JSON assets: report card, email sequence, Facebook ads; text otherwise', () => {
    expect(assetFormat('Report Card')).toBe('reportCard');
    expect(assetFormat('Product Launch Email Sequence')).toBe('emailSequence');
    expect(assetFormat('Facebook Ads')).toBe('facebookAds');
    expect(assetFormat('Facebook Retargeting Ads')).toBe('text');
  });
});

describe('schemas', () => {
  it('a framework needs 15-20 items and 3-5 audiences, reasons and outcomes', () => {
    expect(offerFrameworkSchema.safeParse(FRAMEWORK).success).toBe(true);
    expect(offerFrameworkSchema.safeParse({ ...FRAMEWORK, items: ITEMS.slice(0, 14) }).success).toBe(false);
    // A title longer than the offers table keeps is cut (it would make Save fail), not refused.
    const long = offerFrameworkSchema.parse({ ...FRAMEWORK, title: `  ${'Yoga '.repeat(100)}` });
    expect(long.title).toHaveLength(OFFER_TITLE_MAX);
    expect(long.title.endsWith('…')).toBe(true);
    expect(offerFrameworkSchema.safeParse({ ...FRAMEWORK, items: [...ITEMS, ...ITEMS] }).success).toBe(false);
    expect(offerFrameworkSchema.safeParse({ ...FRAMEWORK, description: { ...FRAMEWORK.description, for: ['a', 'b'] } }).success).toBe(
      false,
    );
  });

  it('a report card has at least 8 criteria scored 1-10; an email sequence exactly 5 emails', () => {
    const criteria = Array.from({ length: 8 }, (_, i) => ({ name: `c${i}`, score: 7, reasoning: 'ok' }));
    expect(reportCardSchema.safeParse({ criteria }).success).toBe(true);
    expect(reportCardSchema.safeParse({ criteria: criteria.slice(1) }).success).toBe(false);
    expect(reportCardSchema.safeParse({ criteria: [...criteria.slice(1), { name: 'x', score: 11, reasoning: 'r' }] }).success).toBe(false);
    expect(emailSequenceSchema.safeParse({ emails: Array.from({ length: 4 }, () => ({ subject: 's', body: 'b' })) }).success).toBe(false);
  });
});

describe('the offer draft', () => {
  it('maps items to unique categories, keeping sub-items; a second match keeps its own name', () => {
    const assets = assetsFromFramework({ ...FRAMEWORK, items: [...ITEMS.slice(0, 14), 'Email Marketing Templates', 'General Notes'] });
    expect(assets.map((a) => a.name)).toContain('Email Marketing Templates');
    expect(assets.map((a) => a.name)).not.toContain('General Notes');
    expect(new Set(assets.map((a) => a.name)).size).toBe(assets.length);
    expect(assetsFromFramework(FRAMEWORK).at(-1)).toMatchObject({ name: 'Lead Magnet Ideas', subItems: ['quiz', 'checklist'] });
  });

  it('moves and reorders without losing assets', () => {
    const offer = newOffer('idea', FRAMEWORK);
    const moved = moveAsset(offer, 0, 2);
    expect(moved.assets.slice(0, 3).map((a) => a.name)).toEqual(['Sales Page Headlines', 'Product Launch Email Sequence', 'Offer Hooks']);
    expect(moveAsset(offer, 0, 99)).toBe(offer);
    const reordered = reorderAssets(offer, ['Report Card', 'Nope', 'Offer Hooks']);
    expect(reordered.assets.slice(0, 2).map((a) => a.name)).toEqual(['Report Card', 'Offer Hooks']);
    expect(reordered.assets).toHaveLength(offer.assets.length);
  });
});

describe('copy formats', () => {
  const offer = updateAsset(newOffer('idea', FRAMEWORK), 'Report Card', {
    content: { format: 'reportCard', data: { criteria: [{ name: 'Clarity', score: 8, reasoning: 'Clear promise.' }] } },
    notes: 'Check with mentor',
  });

  it("a Report Card reads 'Report Card for {item}', then 'name (Score: n/10): reasoning', then notes", () => {
    const asset = offer.assets.find((a) => a.name === 'Report Card')!;
    expect(assetCopyText(asset)).toBe('Report Card for Report Card\n\nClarity (Score: 8/10): Clear promise.\n\nNotes: Check with mentor');
  });

  it("the whole offer separates sections with '--- name ---' and says 'Content not generated.'", () => {
    const text = offerCopyText(offer);
    expect(text.startsWith('Creator Sprint\n\nWhat it is:\nA course.')).toBe(true);
    expect(text).toContain(`--- Offer Hooks ---\n${CONTENT_NOT_GENERATED}`);
    expect(text).toContain('--- Report Card ---\nReport Card for Report Card');
    expect(text.trimEnd().endsWith(`--- General Notes ---\n${CONTENT_NOT_GENERATED}`)).toBe(true);
  });
});

describe('video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://example.com/watch?v=abc', null],
    ['javascript:alert(1)', null],
    ['https://youtube.com/watch?v=<script>', null],
    ['not a url', null],
  ])('%s', (link, expected) => {
    expect(videoEmbedUrl(link)).toBe(expected);
  });
});

describe('Generate All scheduling', () => {
  it('skips finished assets and General Notes, retries failed ones', () => {
    let offer = newOffer('idea', FRAMEWORK);
    offer = updateAsset(offer, 'Offer Hooks', { content: { format: 'text', markdown: 'done' } });
    offer = updateAsset(offer, 'Sales Page Headlines', { content: { format: 'text', markdown: 'old' }, error: 'boom' });
    const names = assetsToGenerate(offer.assets);
    expect(names).not.toContain('Offer Hooks');
    expect(names).toContain('Sales Page Headlines');
    expect(names).toHaveLength(offer.assets.length - 1);
  });

  it('never runs more than the bound at once, keeps going past failures, reports progress', async () => {
    let inFlight = 0;
    let peak = 0;
    const progress: number[] = [];
    const result = await runBounded(
      Array.from({ length: 19 }, (_, i) => `a${i}`),
      4,
      async (name) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        if (name === 'a3') throw new Error('boom');
        return name !== 'a7';
      },
      { onSettled: (done) => progress.push(done) },
    );
    expect(peak).toBe(4);
    expect(result.failed.sort()).toEqual(['a3', 'a7']);
    expect(result.succeeded).toHaveLength(17);
    expect(progress).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(generateAllSummary(result).title).toBe('Some categories failed');
  });

  it('a stop starts nothing new; the summary says so; nothing to do is "already up to date"', async () => {
    const controller = new AbortController();
    const result = await runBounded(
      ['a', 'b', 'c', 'd'],
      1,
      async (name) => {
        if (name === 'b') controller.abort();
        return true;
      },
      { signal: controller.signal },
    );
    expect(result.succeeded).toEqual(['a', 'b']);
    expect(result.skipped).toEqual(['c', 'd']);
    expect(generateAllSummary(result).title).toBe('Generation stopped');
    expect(generateAllSummary(null).title).toBe('Already up to date');
  });
});

describe('knowledge context and Organize', () => {
  it('cuts the knowledge base to the budget and says so', () => {
    const docs = [
      { name: 'A', content: 'x'.repeat(50) },
      { name: 'B', content: 'y'.repeat(50) },
    ];
    expect(knowledgeContext(docs, 1000)).toMatchObject({ trimmed: false, included: 2, total: 2 });
    const cut = knowledgeContext(docs, 70);
    expect(cut).toMatchObject({ trimmed: true, included: 2, total: 2 });
    expect(cut.text.length).toBeLessThanOrEqual(72);
    expect(knowledgeContext(docs, 20).trimmed).toBe(true);
  });

  it('gives each model a knowledge budget after its context window, capped', () => {
    expect(knowledgeBudgetChars('gpt-4')).toBe(8_000);
    expect(knowledgeBudgetChars('gpt-3.5-turbo')).toBe(16_000);
    for (const model of [
      'gpt-6.1-terra',
      'gpt-5.6-terra',
      'openai/gpt-oss-120b',
      'gpt-4o-mini',
      'models/gemini-2.5-flash',
      'claude-sonnet-4-5',
      'command-a-03-2025',
      'jamba-large',
      'meta-llama/Llama-3.1-8B-Instruct',
    ]) {
      expect(knowledgeBudgetChars(model)).toBe(KNOWLEDGE_BUDGET_MAX_CHARS);
    }
    expect(knowledgeBudgetChars('phi3:latest')).toBe(KNOWLEDGE_BUDGET_CHARS);
    expect(knowledgeBudgetChars('')).toBe(KNOWLEDGE_BUDGET_CHARS);
    expect(knowledgeContext([{ name: 'a', content: 'x'.repeat(30_000) }], knowledgeBudgetChars('gpt-4'))).toMatchObject({
      budget: 8_000,
      trimmed: true,
    });
  });

  it('a plan never loses or duplicates an asset', () => {
    const offer = newOffer('idea', FRAMEWORK);
    const plan = normalizePlan(
      { phases: [{ name: 'Launch', why: '', assets: ['facebook ads', 'Facebook Ads', 'Made Up', 'Offer Hooks'] }] },
      offer,
    );
    const order = planOrder(plan);
    expect(order.slice(0, 2)).toEqual(['Facebook Ads', 'Offer Hooks']);
    expect(new Set(order).size).toBe(offer.assets.length);
    expect(plan.phases.at(-1)!.name).toBe('Other');
  });
});
