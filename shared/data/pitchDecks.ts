import type { Tables } from './database.types.ts';
import { asJson, type AppClient } from './supabase.ts';
import { storedSlides, type SourceKind, type StoredSlide } from '../core/pitchDeck/deck.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';

/**
 * Saved pitch decks (table pitch_decks, owner only; migration 20261130000100): list, open, save
 * (insert or update), rename, delete. Slides are checked on the way in and out, so a damaged row
 * is reported instead of breaking the editor.
 */

export interface DeckSummary {
  id: string;
  title: string;
  theme: string;
  sourceKind: SourceKind;
  slideCount: number;
  updatedAt: string;
}

export interface SavedDeck {
  id: string;
  title: string;
  theme: string;
  sourceKind: SourceKind;
  sourceId: string | null;
  brief: string;
  slides: StoredSlide[];
  updatedAt: string;
}

export interface DeckToSave {
  /** null: a new deck. */
  id: string | null;
  title: string;
  theme: string;
  sourceKind: SourceKind;
  sourceId: string | null;
  brief: string;
  slides: StoredSlide[];
}

const COLUMNS = 'id, title, theme, source_kind, source_id, brief, slides, updated_at';
type DeckRow = Pick<Tables<'pitch_decks'>, 'id' | 'title' | 'theme' | 'source_kind' | 'source_id' | 'brief' | 'slides' | 'updated_at'>;

const sourceKindOf = (value: string): SourceKind => (value === 'idea' || value === 'offer' ? value : 'text');
const UNREADABLE = { message: 'This saved deck could not be read.', code: 'unreadable' };

function toDeck(row: DeckRow): SavedDeck | null {
  const slides = storedSlides(row.slides);
  if (!slides) return null;
  return {
    id: row.id,
    title: row.title,
    theme: row.theme,
    sourceKind: sourceKindOf(row.source_kind),
    sourceId: row.source_id,
    brief: row.brief,
    slides,
    updatedAt: row.updated_at,
  };
}

/** The caller's decks, last changed first. */
export async function listDecks(client: AppClient): Promise<DataResult<DeckSummary[]>> {
  const { data, error } = await client
    .from('pitch_decks')
    .select('id, title, theme, source_kind, slides, updated_at')
    .order('updated_at', { ascending: false })
    .order('id');
  if (error) return fail(error);
  return ok(
    data.map((row) => ({
      id: row.id,
      title: row.title,
      theme: row.theme,
      sourceKind: sourceKindOf(row.source_kind),
      slideCount: Array.isArray(row.slides) ? row.slides.length : 0,
      updatedAt: row.updated_at,
    })),
  );
}

/** The deck, or null when there is none with that id (a damaged row is an error). */
export async function getDeck(client: AppClient, id: string): Promise<DataResult<SavedDeck | null>> {
  const { data, error } = await client.from('pitch_decks').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  if (!data) return ok(null);
  const deck = toDeck(data);
  return deck ? ok(deck) : fail(UNREADABLE, 'server');
}

/** A new row the first time, the same row after. */
export async function saveDeck(client: AppClient, deck: DeckToSave): Promise<DataResult<SavedDeck>> {
  const title = deck.title.trim();
  if (!title) return invalid('Give the deck a title.');
  if (!storedSlides(deck.slides)) return invalid('Every slide needs a title before the deck can be saved.');
  const columns = {
    title,
    theme: deck.theme,
    source_kind: deck.sourceKind,
    source_id: deck.sourceKind === 'text' ? null : deck.sourceId,
    brief: deck.brief,
    slides: asJson(deck.slides),
  };
  const { data, error } = await (deck.id
    ? client.from('pitch_decks').update(columns).eq('id', deck.id).select(COLUMNS).single()
    : client.from('pitch_decks').insert(columns).select(COLUMNS).single());
  if (error) return fail(error);
  const saved = toDeck(data);
  return saved ? ok(saved) : fail(UNREADABLE, 'server');
}

export async function renameDeck(client: AppClient, id: string, title: string): Promise<DataResult<void>> {
  const trimmed = title.trim();
  if (!trimmed) return invalid('Give the deck a title.');
  const { error } = await client.from('pitch_decks').update({ title: trimmed }).eq('id', id);
  return error ? fail(error) : ok();
}

/** data: whether a deck was deleted. */
export async function deleteDeck(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('pitch_decks').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}
