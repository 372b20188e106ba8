import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PromptCard } from '@/shared/data/promptLibrary/library.ts';
import { extItems } from '@/extension/lib/items.ts';
import { librarySnapshot, migrateLibrarySnapshotV2, readLibrarySnapshot, SNAPSHOT_LIMITS } from '@/extension/lib/librarySnapshot.ts';

/** The side panel's remembered library: what is kept, how much, and when a stored copy may be drawn. */

const USER = { id: 'user-a', email: 'a@example.com' };
const NOW = new Date('2026-11-27T08:00:00.000Z');

const card = (i: number, extra: Partial<PromptCard> = {}): PromptCard => ({
  id: `p${i}`,
  name: `Prompt ${i}`,
  preview: `Write about topic ${i}`,
  description: 'secret description',
  tags: ['tag'],
  isFavorite: i % 2 === 0,
  llmProvider: 'openai',
  model: null,
  templateId: null,
  folderId: null,
  isPremium: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const folder = (i: number) => ({ id: `f${i}`, name: `Folder ${i}`, parentId: null, createdAt: '2026-11-01T00:00:00.000Z' });

beforeEach(() => fakeBrowser.reset());

describe('what the panel remembers of its library', () => {
  it('keeps the first page only, with only what a row draws (no text, description or tags)', () => {
    const prompts = Array.from({ length: 100 }, (_, i) => card(i));
    const folders = Array.from({ length: 80 }, (_, i) => folder(i));
    const snapshot = librarySnapshot(USER, { folders, prompts, total: 10_000 }, NOW);
    expect(snapshot.prompts).toHaveLength(SNAPSHOT_LIMITS.prompts);
    expect(snapshot.folders).toHaveLength(SNAPSHOT_LIMITS.folders);
    expect(snapshot.prompts[0]).toEqual({ id: 'p0', name: 'Prompt 0', preview: 'Write about topic 0', isFavorite: true });
    expect(snapshot.folders[0]).toEqual({ id: 'f0', name: 'Folder 0' });
    expect(snapshot).toMatchObject({ userId: 'user-a', email: 'a@example.com', total: 10_000, savedAt: NOW.toISOString() });
    expect(JSON.stringify(snapshot)).not.toContain('secret description');
  });

  it('cuts a long preview and name to what one line of the list shows', () => {
    const long = card(1, { name: 'N'.repeat(500), preview: 'x'.repeat(240) });
    const [row] = librarySnapshot(USER, { folders: [], prompts: [long], total: 1 }, NOW).prompts;
    expect(row!.preview).toHaveLength(SNAPSHOT_LIMITS.preview);
    expect(row!.name).toHaveLength(SNAPSHOT_LIMITS.name);
  });

  it('a total never says fewer prompts than the rows it holds', () => {
    expect(librarySnapshot(USER, { folders: [], prompts: [card(1), card(2)], total: 0 }, NOW).total).toBe(2);
  });
});

describe('drawing a stored snapshot', () => {
  const stored = () => librarySnapshot(USER, { folders: [folder(1)], prompts: [card(1), card(2)], total: 2 }, NOW);

  it('draws it for the account it belongs to only; signed out, never', () => {
    expect(readLibrarySnapshot(stored(), 'user-a')).toEqual(stored());
    expect(readLibrarySnapshot(stored(), 'user-b')).toBeNull();
    expect(readLibrarySnapshot(stored(), null)).toBeNull();
    expect(readLibrarySnapshot(null, 'user-a')).toBeNull();
  });

  it('refuses a malformed copy instead of drawing part of it', () => {
    expect(readLibrarySnapshot({ ...stored(), prompts: [{ id: 'p1', name: 'x' }] }, 'user-a')).toBeNull();
    expect(readLibrarySnapshot({ ...stored(), folders: 'nope' }, 'user-a')).toBeNull();
    expect(readLibrarySnapshot({ ...stored(), total: Number.NaN }, 'user-a')).toBeNull();
    expect(readLibrarySnapshot({ ...stored(), email: 3 }, 'user-a')).toBeNull();
    expect(readLibrarySnapshot([stored()], 'user-a')).toBeNull();
  });

  it('cuts an oversized copy (an older version kept 100 whole cards) to the bounds', () => {
    const v1 = {
      userId: 'user-a',
      email: 'a@example.com',
      folders: [folder(1)],
      prompts: Array.from({ length: 100 }, (_, i) => card(i)),
      total: 300,
      savedAt: NOW.toISOString(),
    };
    const read = readLibrarySnapshot(v1, 'user-a')!;
    expect(read.prompts).toHaveLength(SNAPSHOT_LIMITS.prompts);
    expect(Object.keys(read.prompts[0]!).sort()).toEqual(['id', 'isFavorite', 'name', 'preview']);
    expect(read.folders).toEqual([{ id: 'f1', name: 'Folder 1' }]);
    expect(migrateLibrarySnapshotV2(v1)).toEqual(read);
    expect(migrateLibrarySnapshotV2({ nonsense: true })).toBeNull();
  });

  it('storage v1 → v2 migrates the stored copy on first read', async () => {
    const v1 = {
      userId: 'user-a',
      email: 'a@example.com',
      folders: [],
      prompts: Array.from({ length: 100 }, (_, i) => card(i)),
      total: 100,
      savedAt: NOW.toISOString(),
    };
    await fakeBrowser.storage.local.set({ panel_library: v1, panel_library$: { v: 1 } });
    await extItems.panelLibrary.migrate();
    const migrated = await extItems.panelLibrary.getValue();
    expect(migrated?.prompts).toHaveLength(SNAPSHOT_LIMITS.prompts);
    expect(migrated?.prompts[0]).toEqual({ id: 'p0', name: 'Prompt 0', preview: 'Write about topic 0', isFavorite: true });
  });
});
