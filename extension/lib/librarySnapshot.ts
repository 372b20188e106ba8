import type { LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import type { PromptCard } from '@/shared/data/promptLibrary/library.ts';

/**
 * What extension storage keeps of the side panel's library so the next opening can draw it before
 * any script beyond a few kilobytes has loaded: the root's first page as the list shows it, for one
 * account. Pure rules (no browser API): what is kept, how much, and whether a stored copy may be shown.
 */

/** A prompt row as the panel's list draws it: never the prompt's text, only its one-line preview. */
export type CachedPrompt = Pick<PromptCard, 'id' | 'name' | 'preview' | 'isFavorite'>;

/** A folder row as the panel's list draws it. */
export type CachedFolder = Pick<LibraryFolder, 'id' | 'name'>;

/** The library root as the side panel last showed it to one account (removed at sign-out). */
export interface LibrarySnapshot {
  userId: string;
  email: string;
  folders: CachedFolder[];
  prompts: CachedPrompt[];
  /** All prompts in the root (prompts holds the first of them). */
  total: number;
  savedAt: string;
}

/** The bounds of a snapshot: a first screen and a bit, so storage stays small and reading it fast. */
export const SNAPSHOT_LIMITS = {
  prompts: 50,
  folders: 50,
  /** The list shows one line of the preview; a wide panel fits about this many characters. */
  preview: 120,
  name: 200,
} as const;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

const promptRow = (p: CachedPrompt): CachedPrompt => ({
  id: p.id,
  name: cut(p.name, SNAPSHOT_LIMITS.name),
  preview: cut(p.preview, SNAPSHOT_LIMITS.preview),
  isFavorite: p.isFavorite,
});

const folderRow = (f: CachedFolder): CachedFolder => ({ id: f.id, name: cut(f.name, SNAPSHOT_LIMITS.name) });

/** The snapshot of a root listing shown to this account: bounded, with only what the rows draw. */
export function librarySnapshot(user: { id: string; email: string }, contents: SnapshotContents, savedAt: Date): LibrarySnapshot {
  return bounded(user, contents, savedAt.toISOString());
}

type SnapshotContents = { folders: readonly CachedFolder[]; prompts: readonly CachedPrompt[]; total: number };

function bounded(user: { id: string; email: string }, contents: SnapshotContents, savedAt: string): LibrarySnapshot {
  return {
    userId: user.id,
    email: user.email,
    folders: contents.folders.slice(0, SNAPSHOT_LIMITS.folders).map(folderRow),
    prompts: contents.prompts.slice(0, SNAPSHOT_LIMITS.prompts).map(promptRow),
    total: Math.max(contents.total, Math.min(contents.prompts.length, SNAPSHOT_LIMITS.prompts)),
    savedAt,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

const isCachedPrompt = (value: unknown): value is CachedPrompt =>
  isRecord(value) && isText(value.id) && isText(value.name) && isText(value.preview) && typeof value.isFavorite === 'boolean';

const isCachedFolder = (value: unknown): value is CachedFolder => isRecord(value) && isText(value.id) && isText(value.name);

/**
 * A stored snapshot that may be drawn for this account: well formed, the same account, within the
 * bounds (a copy written by an older version, with whole cards and a longer page, is cut down to
 * them). Anything else is null: the panel then waits for the server.
 */
export function readLibrarySnapshot(stored: unknown, userId: string | null | undefined): LibrarySnapshot | null {
  if (!userId || !isRecord(stored) || stored.userId !== userId) return null;
  const { email, folders, prompts, total, savedAt } = stored;
  if (!isText(email) || !isText(savedAt) || typeof total !== 'number' || !Number.isFinite(total)) return null;
  if (!Array.isArray(folders) || !folders.every(isCachedFolder)) return null;
  if (!Array.isArray(prompts) || !prompts.every(isCachedPrompt)) return null;
  return bounded({ id: userId, email }, { folders, prompts, total }, savedAt);
}

/** Storage v1 → v2: v1 kept whole cards of the first 100 prompts; v2 keeps the bounded rows (or nothing if unreadable). */
export const migrateLibrarySnapshotV2 = (v1: unknown): LibrarySnapshot | null =>
  isRecord(v1) && isText(v1.userId) ? readLibrarySnapshot(v1, v1.userId) : null;
