import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AiError } from '@/shared/ai/aiErrors.ts';
import { generatePictures, type PictureRequest } from '@/shared/ai/imageGeneration.ts';
import { IMAGE_TEXTS } from '@/shared/core/images/imageModels.ts';
import { newOffer, type OfferFramework } from '@/shared/core/offers/index.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import {
  deletePicture,
  downloadPicture,
  GENERATED_IMAGES_BUCKET,
  keepPicture,
  listPictures,
  pictureUrls,
  setOfferHero,
} from '@/shared/data/generatedImages.ts';
import { duplicateOffer, getOffer, saveOffer } from '@/shared/data/offers.ts';
import { usageRecorder } from '@/shared/data/usage.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { usageLog } from '../helpers/usage.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Generated pictures end to end below the screens: drawn by the strict OpenAI and Gemini fakes
 * through shared/ai/imageGeneration.ts, kept in Storage with their row (migration
 * 20261204000100), shown, downloaded, deleted; one usage row per batch with its pictures counted
 * and priced; refusals before any request.
 */

let stack: TestStack;
let openai: FakeProvider;
let gemini: FakeProvider;
let anthropic: FakeProvider;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [openai, gemini, anthropic] = await Promise.all([
    startFakeProvider('openai'),
    startFakeProvider('gemini'),
    startFakeProvider('anthropic'),
  ]);
  [me, other, viewer] = [
    await person(stack, 'pictures'),
    await person(stack, 'pictures-other'),
    await person(stack, 'pictures-viewer', 'view_only'),
  ];
});
afterAll(async () => {
  await Promise.all([openai?.close(), gemini?.close(), anthropic?.close()]);
  await stack?.close();
});

const baseUrls = () => ({ openai: openai.baseURL, gemini: gemini.baseURL, anthropic: anthropic.baseURL });
const keyOf = (provider: ProviderId) =>
  provider === 'openai' ? FAKE_KEYS.openai.good : provider === 'gemini' ? FAKE_KEYS.gemini.good : FAKE_KEYS.anthropic.good;

function request(provider: ProviderId, model: string, extra: Partial<PictureRequest> = {}): PictureRequest {
  return {
    target: { provider, apiKey: keyOf(provider) },
    model,
    prompt: 'A hero picture for an online course about pricing: a calm desk, warm light',
    shape: 'landscape',
    count: 1,
    settings: { baseUrls: baseUrls(), maxRetries: 0 },
    usage: usageRecorder(me.client, 'dashboard')('images'),
    ...extra,
  };
}

const ledger = async (userId: string) =>
  (
    await stack.db.query<{
      provider: string;
      model: string;
      images: number;
      outcome: string;
      cost_micros: string | null;
      estimated: boolean;
    }>(
      `select provider, model, images, outcome, cost_micros::text, estimated from public.usage_events
       where user_id = $1 and feature = 'images' order by created_at, id`,
      [userId],
    )
  ).rows;

describe(`generated pictures (${testDbKind})`, () => {
  it('draws with OpenAI, keeps the picture under its owner, shows, downloads and deletes it', async () => {
    const [picture, second] = await generatePictures(request('openai', 'gpt-image-1.5', { count: 2, quality: 'low' }));
    expect([picture!.type, picture!.width, picture!.height]).toEqual(['image/png', 1536, 1024]);
    expect(second!.bytes).toBeDefined();
    const sent = openai.requests.filter((r) => r.path.endsWith('/images/generations'));
    expect(sent.at(-1)!.body).toMatchObject({ model: 'gpt-image-1.5', n: 2, size: '1536x1024', quality: 'low', output_format: 'png' });

    const kept = must(
      await keepPicture(me.client, me.userId, {
        ...picture!,
        prompt: 'A calm desk',
        provider: 'openai',
        model: 'gpt-image-1.5',
        purpose: 'gallery',
      }),
    );
    expect(kept.path).toMatch(new RegExp(`^${me.userId}/${kept.id}\\.png$`));
    expect([kept.width, kept.height, kept.size]).toEqual([1536, 1024, picture!.bytes.byteLength]);
    expect(must(await listPictures(me.client)).map((image) => image.id)).toContain(kept.id);
    expect(must(await downloadPicture(me.client, kept.path))).toEqual(picture!.bytes);
    const urls = must(await pictureUrls(me.client, [kept.path]));
    const shown = await fetch(urls[kept.path]!);
    expect(shown.status).toBe(200);
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(picture!.bytes);

    must(await deletePicture(me.client, kept));
    expect(must(await listPictures(me.client)).map((image) => image.id)).not.toContain(kept.id);
    const { rows } = await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      GENERATED_IMAGES_BUCKET,
      kept.path,
    ]);
    expect(rows).toEqual([]);

    // One ledger row for the batch of two, priced from the tokens the service reported.
    await vi.waitFor(async () =>
      expect((await ledger(me.userId)).at(-1)).toMatchObject({ model: 'gpt-image-1.5', images: 2, outcome: 'done', estimated: false }),
    );
    expect(Number((await ledger(me.userId)).at(-1)!.cost_micros)).toBeGreaterThan(0);
  });

  it('draws with Gemini one picture a request, at its aspect ratio', async () => {
    const before = gemini.requests.length;
    const pictures = await generatePictures(request('gemini', 'gemini-2.5-flash-image', { shape: 'wide', count: 2 }));
    expect(pictures.map((p) => [p.width, p.height])).toEqual([
      [1344, 768],
      [1344, 768],
    ]);
    const sent = gemini.requests.slice(before).filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.path).toContain('/models/gemini-2.5-flash-image:generateContent');
    expect(sent[0]!.body).toMatchObject({ generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '16:9' } } });
    await vi.waitFor(async () =>
      expect((await ledger(me.userId)).at(-1)).toMatchObject({ provider: 'gemini', images: 2, outcome: 'done' }),
    );
  });

  it('refuses a provider without image models, an unknown model and an empty description before any request', async () => {
    const before = [openai.requests.length, anthropic.requests.length];
    const refusal = (req: PictureRequest) =>
      generatePictures(req).then(
        () => null,
        (error: unknown) => error as AiError,
      );
    const claude = await refusal(request('anthropic', 'claude-sonnet-5-5', { usage: usageLog('images') }));
    expect(claude).toMatchObject({ kind: 'picture', message: IMAGE_TEXTS.unsupported('anthropic') });
    expect(claude!.message).toBe(
      'Anthropic cannot make pictures. Choose OpenAI (gpt-image-1.5) or Google Gemini (gemini-2.5-flash-image) and add its key in Settings.',
    );
    expect(await refusal(request('openai', 'gpt-6.1-terra'))).toMatchObject({
      kind: 'picture',
      message: IMAGE_TEXTS.unknownModel('gpt-6.1-terra', 'openai'),
    });
    expect(await refusal(request('openai', 'gpt-image-1.5', { prompt: '  ' }))).toMatchObject({ message: IMAGE_TEXTS.emptyPrompt });
    expect(await refusal(request('openai', 'gpt-image-1.5', { count: 9 }))).toMatchObject({ message: IMAGE_TEXTS.count });
    expect([openai.requests.length, anthropic.requests.length]).toEqual(before);
  });

  it('says plainly when the provider’s safety rules refuse the picture, and records the failed call', async () => {
    const logged = usageLog('images');
    const refused = await generatePictures(
      request('openai', 'gpt-image-1-mini', { prompt: 'Something [[fake:moderation]]', usage: logged }),
    ).catch((error: unknown) => error as AiError);
    expect(refused).toMatchObject({ kind: 'picture', message: IMAGE_TEXTS.refused });
    expect(logged.calls).toEqual([expect.objectContaining({ outcome: 'failed', images: 0 })]);
    const geminiRefused = await generatePictures(
      request('gemini', 'gemini-2.5-flash-image', { prompt: '[[fake:moderation]]', usage: logged }),
    ).catch((error: unknown) => error as AiError);
    expect(geminiRefused).toMatchObject({ kind: 'picture', message: IMAGE_TEXTS.refused });
  });

  it('keeps pictures private: no one else reads, lists, deletes or points an offer at them; view-only makes none', async () => {
    const [picture] = await generatePictures(request('openai', 'gpt-image-1-mini', { shape: 'square', usage: usageLog('images') }));
    const keep = { ...picture!, prompt: 'Mine', provider: 'openai' as const, model: 'gpt-image-1-mini', purpose: 'offer_hero' as const };
    const mine = must(await keepPicture(me.client, me.userId, keep));
    expect((await downloadPicture(other.client, mine.path)).error?.kind).toBe('not_found');
    expect(must(await listPictures(other.client)).map((image) => image.id)).not.toContain(mine.id);
    must(await deletePicture(other.client, mine));
    expect(must(await listPictures(me.client)).map((image) => image.id)).toContain(mine.id);
    // Someone else's folder, and a view-only account's own.
    expect((await keepPicture(other.client, me.userId, keep)).error?.kind).toBe('refused');
    expect((await keepPicture(viewer.client, viewer.userId, keep)).error?.kind).toBe('refused');
    const { rows } = await stack.db.query('select name from storage.objects where bucket_id = $1 and name like $2', [
      GENERATED_IMAGES_BUCKET,
      `${viewer.userId}/%`,
    ]);
    expect(rows).toEqual([]);

    // An offer's hero: the owner sets it; another account's offer cannot take it.
    const { rows: offers } = await stack.db.query<{ id: string }>(
      `insert into public.offers (user_id, title, framework) values ($1, 'Course', '{}') returning id`,
      [me.userId],
    );
    must(await setOfferHero(me.client, offers[0]!.id, mine.id));
    const { rows: hero } = await stack.db.query<{ hero_image_id: string }>('select hero_image_id from public.offers where id = $1', [
      offers[0]!.id,
    ]);
    expect(hero[0]!.hero_image_id).toBe(mine.id);
    // Nobody points their own offer at someone else's picture, not even the service role.
    const { rows: theirs } = await stack.db.query<{ id: string }>(
      `insert into public.offers (user_id, title, framework) values ($1, 'Theirs', '{}') returning id`,
      [other.userId],
    );
    expect((await setOfferHero(other.client, theirs[0]!.id, mine.id)).error?.code).toBe('23503');
    const { error: asService } = await stack.service().from('offers').update({ hero_image_id: mine.id }).eq('id', theirs[0]!.id);
    expect(asService?.message).toBe('The hero image must be one of your own pictures.');
    must(await deletePicture(me.client, mine));
    const { rows: after } = await stack.db.query<{ hero_image_id: string | null }>(
      'select hero_image_id from public.offers where id = $1',
      [offers[0]!.id],
    );
    expect(after[0]!.hero_image_id).toBeNull();
  });

  it("an offer's hero is read with it, kept when the offer is saved again, shown by the copy, and gone with its picture", async () => {
    const framework: OfferFramework = {
      title: 'Pricing Course',
      description: { title: 'Price with calm', about: 'A course.', for: ['a', 'b', 'c'], why: ['d', 'e', 'f'], outcome: ['g', 'h', 'i'] },
      items: Array.from({ length: 15 }, (_, i) => `Asset ${i}`),
    };
    const saved = must(await saveOffer(me.client, newOffer('pricing', framework)));
    expect(saved.heroImageId).toBeNull();
    const [picture] = await generatePictures(request('openai', 'gpt-image-1-mini', { usage: usageLog('images') }));
    const hero = must(
      await keepPicture(me.client, me.userId, {
        ...picture!,
        prompt: 'Hero',
        provider: 'openai',
        model: 'gpt-image-1-mini',
        purpose: 'offer_hero',
        offerId: saved.id,
      }),
    );
    must(await setOfferHero(me.client, saved.id!, hero.id));
    expect(must(await getOffer(me.client, saved.id!))?.heroImageId).toBe(hero.id);

    // A working copy from before the hero was set is saved again: the row keeps its hero, and says so.
    const again = must(await saveOffer(me.client, { ...saved, generalNotes: 'launch in May' }));
    expect(again.heroImageId).toBe(hero.id);
    expect(must(await getOffer(me.client, saved.id!))).toMatchObject({ generalNotes: 'launch in May', heroImageId: hero.id });

    const copy = must(await duplicateOffer(me.client, saved.id!));
    expect(copy.heroImageId).toBe(hero.id);
    expect(must(await getOffer(me.client, copy.id!))?.heroImageId).toBe(hero.id);

    // Someone else's offer is not found (nothing changes), and a deleted picture leaves both offers without a hero.
    expect((await setOfferHero(other.client, saved.id!, null)).error?.kind).toBe('not_found');
    expect(must(await getOffer(me.client, saved.id!))?.heroImageId).toBe(hero.id);
    must(await deletePicture(me.client, hero));
    expect(must(await saveOffer(me.client, again)).heroImageId).toBeNull();
    expect(must(await getOffer(me.client, copy.id!))?.heroImageId).toBeNull();
  });
});
