import { row, type Expectations, type TableCase } from './cases.ts';

/** RLS cases of the Training catalogue and the feature-request admin tables (spread into RLS_MATRIX). */

const none = row(false, false, false, false);
const all = row(true, true, true, true);

/** The video the owner's watched mark points at (fixed, so the mark can be put back after each check). */
const WATCHED_VIDEO_ID = '00000000-0000-4000-8000-00000000a001';

export const TRAINING_RLS_CASES: TableCase[] = [
  {
    // The catalogue: signed-in users read published videos; admins read drafts too and write.
    table: 'training_videos',
    key: 'id',
    setup: async (db) =>
      (
        await db.query<{ id: string }>(
          "insert into public.training_videos (title, category, url, published) values ('Matrix video', 'Basics', 'https://youtu.be/dQw4w9WgXcQ', true) returning id",
        )
      ).rows[0]!.id,
    newRow: () => ({ title: 'Forged video', category: 'Basics', url: 'https://vimeo.com/76979871' }),
    change: { title: 'Renamed' },
    expect: {
      anon: none,
      owner: row(true, false, false, false),
      other: row(true, false, false, false),
      admin: all,
      master_admin: all,
    } satisfies Expectations,
  },
  {
    // Each user's watched marks: their own alone, not even admins read them.
    table: 'training_watched',
    key: 'user_id',
    setup: async (db, cast) => {
      await db.query(
        "insert into public.training_videos (id, title, category, url, published) values ($1, 'Watched video', 'Basics', 'https://youtu.be/dQw4w9WgXcQ', true) on conflict (id) do nothing",
        [WATCHED_VIDEO_ID],
      );
      await db.query('insert into public.training_watched (user_id, video_id) values ($1, $2) on conflict do nothing', [
        cast.owner.id,
        WATCHED_VIDEO_ID,
      ]);
      return cast.owner.id;
    },
    beforeInsert: async (tx, cast) => {
      await tx.query('delete from public.training_watched where user_id = $1', [cast.owner.id]);
    },
    newRow: (cast) => ({ user_id: cast.owner.id, video_id: WATCHED_VIDEO_ID }),
    change: { watched_at: '2026-01-01T00:00:00Z' },
    expect: { anon: none, owner: row(true, true, false, true), other: none, admin: none, master_admin: none } satisfies Expectations,
  },
  {
    // When a requested feature shipped: admins alone read and write it.
    table: 'feature_status',
    key: 'feature',
    setup: async (db) => {
      await db.query(
        "insert into public.feature_status (feature, shipped_at) values ('pitch_deck', now()) on conflict (feature) do update set shipped_at = excluded.shipped_at",
      );
      return 'pitch_deck';
    },
    beforeInsert: async (tx) => {
      await tx.query("delete from public.feature_status where feature = 'folder_view'");
    },
    newRow: () => ({ feature: 'folder_view', shipped_at: new Date().toISOString() }),
    change: { shipped_at: null },
    expect: { anon: none, owner: none, other: none, admin: all, master_admin: all } satisfies Expectations,
  },
];
