import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  generateAssetContent,
  generateFramework,
  organizeOffer,
  rewriteAssetContent,
  rewriteDescription,
  type OfferAiOptions,
} from '@/shared/ai/offers.ts';
import { knowledgeContext, newOffer, planOrder, updateAsset, type AssetContent } from '@/shared/core/offers/index.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { aiFailure } from '../helpers/aiFailure.ts';
import { usageLog } from '../helpers/usage.ts';

/** The offer builder's AI calls through the real `openai` SDK against the fake provider: formats, rewrites, Organize, the user-facing errors. */

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ chunkDelayMs: 0 });
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const options = (extra: Partial<OfferAiOptions> = {}): OfferAiOptions => ({
  target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
  model: 'gpt-4o-mini',
  settings: { baseUrls: { openai: fake.baseURL }, maxRetries: 0 },
  usage: usageLog,
  ...extra,
});

const lastPrompt = () => String((fake.requests.at(-1)!.body!.messages as { content: string }[])[0]!.content);
const lastJsonMode = () => (fake.requests.at(-1)!.body!.response_format as { type?: string } | undefined)?.type === 'json_object';

async function offer() {
  return newOffer('course pricing', await generateFramework('course pricing', null, options()));
}

describe('framework and assets', () => {
  it('the framework comes in JSON mode with the knowledge-base context in the prompt', async () => {
    const context = knowledgeContext([{ name: 'Brand voice', content: 'Friendly and direct.' }]);
    const framework = await generateFramework('course pricing', context, options());
    expect(framework.title).toBe('Course Pricing Accelerator');
    expect(framework.items).toHaveLength(19);
    expect(lastJsonMode()).toBe(true);
    expect(lastPrompt()).toContain('### Brand voice\nFriendly and direct.');
  });

  it('text assets are markdown (plain text mode); the three JSON assets are validated structures', async () => {
    const draft = await offer();
    const byName = (name: string) => draft.assets.find((a) => a.name === name)!;
    const hooks = await generateAssetContent(draft, byName('Offer Hooks'), null, options());
    expect(lastJsonMode()).toBe(false);
    expect(hooks).toMatchObject({ format: 'text', markdown: expect.stringContaining('### Offer Hooks for Course Pricing Accelerator') });

    const card = await generateAssetContent(draft, byName('Report Card'), null, options());
    expect(lastJsonMode()).toBe(true);
    expect(card.format === 'reportCard' && card.data.criteria.length).toBeGreaterThanOrEqual(8);
    const emails = await generateAssetContent(draft, byName('Product Launch Email Sequence'), null, options());
    expect(emails.format === 'emailSequence' && emails.data.emails).toHaveLength(5);
    const ads = await generateAssetContent(draft, byName('Facebook Ads'), null, options());
    expect(ads.format === 'facebookAds' && ads.data.ads).toHaveLength(3);
  });

  it("a text answer wrapped in a ``` fence is unwrapped; a JSON asset that breaks its schema is the product's format error", async () => {
    const draft = await offer();
    fake.script([{ text: '```markdown\n# Hooks\n\n- one\n```' }]);
    expect(await generateAssetContent(draft, draft.assets[0]!, null, options())).toEqual({ format: 'text', markdown: '# Hooks\n\n- one' });
    fake.script([{ json: { emails: [{ subject: 'Only one', body: 'b' }] } }]);
    const error = await aiFailure(
      generateAssetContent(
        draft,
        draft.assets.find((a) => a.name === 'Product Launch Email Sequence')!,
        null,
        options(),
      ),
    );
    expect(error).toMatchObject({ kind: 'badJson', message: 'The AI returned an unexpected data format. Please try again.' });
  });
});

describe('rewrite and organize', () => {
  it('a text asset is rewritten by the instruction; a JSON asset keeps its shape', async () => {
    const text = await rewriteAssetContent('Offer Hooks', { format: 'text', markdown: '1. Stop guessing' }, 'shorter', options());
    expect(text).toEqual({ format: 'text', markdown: '_Rewritten (shorter):_\n\n1. Stop guessing' });
    expect(lastPrompt()).toContain('Asset: Offer Hooks');

    const ads: AssetContent = {
      format: 'facebookAds',
      data: {
        ads: [1, 2, 3].map((i) => ({
          headline: `Ad ${i}`,
          primaryText: `The plan creators use to launch ${i}.`,
          callToAction: 'Learn More',
        })),
      },
    };
    const rewritten = await rewriteAssetContent('Facebook Ads', ads, 'more formal', options());
    expect(lastJsonMode()).toBe(true);
    expect(rewritten.format).toBe('facebookAds');
    expect(rewritten.format === 'facebookAds' && rewritten.data.ads.map((a) => a.primaryText)).toEqual(
      [1, 2, 3].map((i) => `The plan creators use to launch ${i}. (more formal)`),
    );
    expect(rewritten.format === 'facebookAds' && rewritten.data.ads[0]!.headline).toBe('Ad 1');
  });

  it('the description is rewritten with the same lists', async () => {
    const draft = await offer();
    const description = await rewriteDescription(draft.framework.description, 'friendlier', options());
    expect(description.for).toHaveLength(draft.framework.description.for.length);
    expect(description.about).toBe(`${draft.framework.description.about} (friendlier)`);
  });

  it('Organize proposes phases that hold every asset exactly once', async () => {
    const draft = await offer();
    const plan = await organizeOffer(draft, options());
    expect(plan.phases.map((p) => p.name)).toEqual(['Research', 'Pre-launch', 'Launch', 'Post-launch']);
    expect([...planOrder(plan)].sort()).toEqual(draft.assets.map((a) => a.name).sort());
  });
});

describe("failures carry the product's offer messages", () => {
  it('401, 500 and bad JSON', async () => {
    expect(await aiFailure(generateFramework('pricing [[fake:401]]', null, options()))).toMatchObject({
      kind: 'auth',
      message: 'Authentication failed. Please check your OpenAI API key in Settings.',
    });
    expect(await aiFailure(generateFramework('pricing [[fake:500]]', null, options()))).toMatchObject({
      kind: 'api',
      message: 'The AI service returned an error: The server had an error while processing your request.',
    });
    expect(await aiFailure(generateFramework('pricing [[fake:badjson]]', null, options()))).toMatchObject({
      kind: 'badJson',
      message: 'The AI returned an unexpected data format. Please try again.',
    });
  });

  it('an unreachable provider reads "Could not generate the offer…"', async () => {
    const error = await aiFailure(
      generateFramework('pricing', null, options({ settings: { baseUrls: { openai: 'http://127.0.0.1:9/v1' }, maxRetries: 0 } })),
    );
    expect(error).toMatchObject({ kind: 'network', message: 'Could not generate the offer. Please check your network and try again.' });
  });

  it("an asset's notes reach its prompt (and here, make it fail)", async () => {
    const draft = updateAsset(await offer(), 'Offer Hooks', { notes: 'punchy [[fake:500]]' });
    const error = await aiFailure(generateAssetContent(draft, draft.assets[0]!, null, options()));
    expect(error.message).toBe('The AI service returned an error: The server had an error while processing your request.');
    expect(lastPrompt()).toContain("The user's notes for this asset: punchy [[fake:500]]");
  });
});
