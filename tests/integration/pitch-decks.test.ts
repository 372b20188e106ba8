import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slidePictureIds, type StoredSlide } from '@/shared/core/pitchDeck/deck.ts';
import { deletePicture, downloadPicture, keepPicture, listPictures } from '@/shared/data/generatedImages.ts';
import * as decks from '@/shared/data/pitchDecks.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Saved pitch decks (migration 20261130000100): the owner's alone; view_only reads and cannot write. */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [
    await person(stack, 'decks'),
    await person(stack, 'decks-other'),
    await person(stack, 'decks-viewer', 'view_only'),
  ];
});
afterAll(async () => stack?.close());

const slides: StoredSlide[] = [
  { kind: 'problem', title: 'Renters cannot garden', bullets: ['No yard', 'Short leases'], notes: 'Open with a story.' },
  { kind: 'solution', title: 'Balcony kits', bullets: ['Fits any balcony'], notes: '' },
];
const deck = (title: string, change: Partial<decks.DeckToSave> = {}): decks.DeckToSave => ({
  id: null,
  title,
  theme: 'paper',
  sourceKind: 'text',
  sourceId: null,
  brief: 'Balcony gardens for renters.',
  slides,
  ...change,
});

describe(`saved pitch decks (${testDbKind})`, () => {
  it('are saved with their slides in order, updated in place, listed last changed first, renamed and deleted', async () => {
    const first = must(await decks.saveDeck(me.client, deck('  Garden Pilot  ')));
    expect(first).toMatchObject({ title: 'Garden Pilot', theme: 'paper', sourceKind: 'text', sourceId: null, slides });
    const second = must(await decks.saveDeck(me.client, deck('Cart Craft')));
    expect(must(await decks.listDecks(me.client)).map((d) => [d.title, d.slideCount])).toEqual([
      ['Cart Craft', 2],
      ['Garden Pilot', 2],
    ]);

    const reordered = [slides[1]!, { ...slides[0]!, title: 'Edited' }];
    const updated = must(
      await decks.saveDeck(me.client, { ...deck('Garden Pilot', { theme: 'forest', slides: reordered }), id: first.id }),
    );
    expect(updated.id).toBe(first.id);
    expect(must(await decks.getDeck(me.client, first.id))).toMatchObject({ theme: 'forest', slides: reordered });
    expect(must(await decks.listDecks(me.client)).map((d) => d.title)).toEqual(['Garden Pilot', 'Cart Craft']);

    must(await decks.renameDeck(me.client, second.id, 'Cart Craft v2'));
    expect(must(await decks.getDeck(me.client, second.id))?.title).toBe('Cart Craft v2');
    expect((await decks.renameDeck(me.client, second.id, '  ')).error?.code).toBe('invalid');
    expect(must(await decks.deleteDeck(me.client, second.id))).toBe(true);
    expect(must(await decks.getDeck(me.client, second.id))).toBeNull();
  });

  it('remember the idea or offer they came from, and refuse what is not a deck', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.startup_ideas (user_id, name, description, business_plan) values ($1, 'Idea', 'An idea', '{"executive":"e","market":"m","solution":"s"}') returning id`,
      [me.userId],
    );
    const fromIdea = must(await decks.saveDeck(me.client, deck('From idea', { sourceKind: 'idea', sourceId: rows[0]!.id })));
    expect(fromIdea).toMatchObject({ sourceKind: 'idea', sourceId: rows[0]!.id });
    // Deleting the idea leaves the deck whole.
    await stack.db.query('delete from public.startup_ideas where id = $1', [rows[0]!.id]);
    expect(must(await decks.getDeck(me.client, fromIdea.id))?.slides).toEqual(slides);

    expect((await decks.saveDeck(me.client, deck('  '))).error?.code).toBe('invalid');
    expect((await decks.saveDeck(me.client, deck('No title', { slides: [{ ...slides[0]!, title: '' }] }))).error?.code).toBe('invalid');
    // The table checks too: slides must be a non-empty array, a text deck has no source id.
    expect((await me.client.from('pitch_decks').insert({ title: 'x', slides: {} }).select('id')).error?.code).toBe('23514');
    expect((await me.client.from('pitch_decks').insert({ title: 'x', slides: [], source_kind: 'text' }).select('id')).error?.code).toBe(
      '23514',
    );
    expect(
      (await me.client.from('pitch_decks').insert({ title: 'x', slides, source_kind: 'text', source_id: me.userId }).select('id')).error
        ?.code,
    ).toBe('23514');
    // A damaged row is reported, not handed to the editor.
    const { rows: bad } = await stack.db.query<{ id: string }>(
      `insert into public.pitch_decks (user_id, title, slides) values ($1, 'Damaged', '[{"title": 3}]') returning id`,
      [me.userId],
    );
    expect((await decks.getDeck(me.client, bad[0]!.id)).error?.code).toBe('unreadable');
  });

  it('keep each slide’s picture by id; a deck saved before pictures still reads; the slides’ pictures are listed by id, a deleted one not', async () => {
    const bytes = new Uint8Array(generateImage('image/png', 1536, 1024, 'deck slide'));
    const picture = must(
      await keepPicture(me.client, me.userId, {
        bytes,
        type: 'image/png',
        width: 1536,
        height: 1024,
        prompt: 'A balcony garden',
        provider: 'openai',
        model: 'gpt-image-1.5',
        purpose: 'deck_slide',
      }),
    );
    const withPicture = [{ ...slides[0]!, imageId: picture.id }, slides[1]!];
    const saved = must(await decks.saveDeck(me.client, deck('With a picture', { slides: withPicture })));
    const { rows } = await stack.db.query<{ slides: unknown }>('select slides from public.pitch_decks where id = $1', [saved.id]);
    expect(rows[0]!.slides).toEqual(withPicture);
    expect(must(await decks.getDeck(me.client, saved.id))?.slides).toEqual(withPicture);

    // What the editor and the export ask for: the slides' pictures, and their files.
    const ids = slidePictureIds(withPicture);
    expect(must(await listPictures(me.client, { ids })).map((image) => image.id)).toEqual([picture.id]);
    expect(must(await listPictures(other.client, { ids }))).toEqual([]);
    expect(Buffer.from(must(await downloadPicture(me.client, picture.path))).equals(Buffer.from(bytes))).toBe(true);

    // A picture deleted from the gallery: the deck still opens with the id, the list no longer has it.
    must(await deletePicture(me.client, picture));
    expect(must(await decks.getDeck(me.client, saved.id))?.slides).toEqual(withPicture);
    expect(must(await listPictures(me.client, { ids }))).toEqual([]);

    // An id that cannot name a picture is refused on save, and a row holding one is reported.
    const bad = [{ ...slides[0]!, imageId: 'not-a-uuid' }];
    expect((await decks.saveDeck(me.client, deck('Bad picture', { slides: bad }))).error?.code).toBe('invalid');
    const { rows: damaged } = await stack.db.query<{ id: string }>(
      `insert into public.pitch_decks (user_id, title, slides) values ($1, 'Damaged picture', $2) returning id`,
      [me.userId, JSON.stringify(bad)],
    );
    expect((await decks.getDeck(me.client, damaged[0]!.id)).error?.code).toBe('unreadable');
  });

  it('are private to their owner and unseen signed out', async () => {
    const mine = must(await decks.saveDeck(me.client, deck('Secret')));
    expect(must(await decks.listDecks(other.client))).toEqual([]);
    expect(must(await decks.getDeck(other.client, mine.id))).toBeNull();
    expect(must(await decks.deleteDeck(other.client, mine.id))).toBe(false);
    expect((await other.client.from('pitch_decks').update({ title: 'Taken' }).eq('id', mine.id).select('id')).data).toEqual([]);
    expect((await other.client.from('pitch_decks').insert({ user_id: me.userId, title: 'Planted', slides }).select('id')).error?.code).toBe(
      '42501',
    );
    expect(must(await decks.listDecks(stack.anon()))).toEqual([]);
    const anon = await stack.anon().from('pitch_decks').insert({ title: 'Anon', slides }).select('id');
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "pitch_decks"' });
    expect(must(await decks.getDeck(me.client, mine.id))?.title).toBe('Secret');
  });

  it('are read but not saved, changed or deleted by a view_only account, with a sentence that says why', async () => {
    const refusal = { message: 'View-only accounts cannot save, change or delete pitch decks.', code: '42501' };
    expect((await decks.saveDeck(viewer.client, deck('Blocked'))).error).toEqual({ ...refusal, kind: 'refused' });
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.pitch_decks (user_id, title, slides) values ($1, 'Kept', $2) returning id`,
      [viewer.userId, JSON.stringify(slides)],
    );
    const kept = rows[0]!.id;
    expect(must(await decks.listDecks(viewer.client)).map((d) => d.title)).toEqual(['Kept']);
    expect(must(await decks.getDeck(viewer.client, kept))?.slides).toEqual(slides);
    expect((await decks.renameDeck(viewer.client, kept, 'Renamed')).error).toEqual({ ...refusal, kind: 'refused' });
    expect((await decks.deleteDeck(viewer.client, kept)).error).toEqual({ ...refusal, kind: 'refused' });
    expect(must(await decks.getDeck(viewer.client, kept))?.title).toBe('Kept');
  });
});
