import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/supabase/local/db/types.ts';
import { listFolderContents, searchLibrary } from '@/shared/data/promptLibrary/library.ts';

/**
 * The prompt library's cases for `npm run bench` (the goal: a folder opens and a search answers
 * within 100 ms on a 10,000-prompt library): what the /my-prompts page does, through the real data layer
 * (shared/data/prompts.ts → supabase-js → /rest/v1), next to the same SQL run directly. Each
 * case states whether the goal is met (rest-bench.ts prints it).
 */

const LIBRARY_GOAL_MS = 100;
/** The page's cards per request (web/pages/library/useLibraryCards.ts CARDS_PAGE_SIZE). */
const LIBRARY_PAGE_SIZE = 120;
/** Prompts in the one big folder (a second user's library). */
const BIG_FOLDER_PROMPTS = 10_000;
/** Fewer timed requests for the heavy cases (each may take tens or hundreds of ms): p99 is the 3rd slowest. */
const HEAVY_REQUESTS = 300;

const WORDS = (
  'launch webinar pricing funnel newsletter onboarding referral podcast checklist headline testimonial audience ' +
  'retention upsell keyword outline carousel storytelling survey giveaway affiliate wholesale subscription bundle ' +
  'discount roadmap persona objection guarantee bonus scarcity workshop masterclass template calendar analytics ' +
  'conversion landing partnership influencer community retargeting sponsorship quiz challenge cohort mentoring ' +
  'newsletter coaching consulting ecommerce dropshipping membership course ebook'
).split(' ');
/** In every prompt's text (makeLibraryRealistic): the search with the most matches. */
const WORD_IN_EVERY_PROMPT = 'strategist';

export interface BenchScenario {
  name: string;
  rest: () => Promise<void>;
  raw: () => Promise<void>;
  /** The goal for REST latency, when the issue sets one. */
  goalMs?: number;
  /** Timed requests (default: the bench's). */
  requests?: number;
}

/**
 * Gives the seeded prompts realistic bodies (~650 characters, five topic words each, so any one
 * word matches about 2% of the library) and two tags, as a real library has.
 */
export async function makeLibraryRealistic(db: Database, userId: string): Promise<void> {
  await db.query(
    `update public.saved_prompts p set
       prompt_text = format(
         'Act as an expert %1$s strategist. Write a detailed %2$s plan for [product] aimed at [audience]. '
         || 'Cover %3$s, %4$s and %5$s with concrete examples, a step-by-step checklist and the metrics to track every week. '
         || 'Keep the tone [tone: friendly|*professional] and finish with one clear call to action. '
         || 'Before you answer, ask me up to three questions about my business if anything important is missing. '
         || 'Format the answer with headings, short paragraphs and bullet points, and keep it under 800 words. Ref %6$s.',
         w[1 + (n * 7) % cardinality(w)], w[1 + (n * 13) % cardinality(w)], w[1 + (n * 17) % cardinality(w)],
         w[1 + (n * 19) % cardinality(w)], w[1 + (n * 23) % cardinality(w)], n),
       tags = array[w[1 + (n * 29) % cardinality(w)], w[1 + (n * 31) % cardinality(w)] || ' ideas']
     from (select id, row_number() over (order by id) as n from public.saved_prompts where user_id = $1) numbered,
          (select $2::text[] as w) vocabulary
     where p.id = numbered.id`,
    [userId, WORDS],
  );
  await db.query('analyze public.saved_prompts');
}

/** A second user whose 10,000 prompts are all in one folder (an import into one place). */
export async function seedBigFolder(db: Database): Promise<{ userId: string; folderId: string }> {
  const userId = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [
    userId,
    `bench-big-${userId.slice(0, 8)}@bench.test`,
  ]);
  const folder = await db.query<{ id: string }>(
    "insert into public.prompt_folders (user_id, name) values ($1, 'Everything') returning id",
    [userId],
  );
  const folderId = folder.rows[0]!.id;
  await db.query(
    `insert into public.saved_prompts (user_id, name, prompt_text, folder_id)
     select $1, 'Prompt ' || md5('big' || g::text), 'Write about [topic] number ' || g, $2 from generate_series(1, $3::int) g`,
    [userId, folderId, BIG_FOLDER_PROMPTS],
  );
  await makeLibraryRealistic(db, userId);
  return { userId, folderId };
}

/**
 * What listFolderContents reads for the cards, as one statement: the page's ids (with the total
 * counted apart, as PostgREST does), then those prompts' cards — previews only for the page.
 */
const FOLDER_CARDS_SQL = `with page as (
    select id, sort_name from public.saved_prompts where user_id = $1 and folder_id = $2 order by sort_name, id limit $3 offset $4)
  select p.id, p.name, p.description, p.tags, p.is_favorite, p.llm_provider, p.model, p.template_id, p.folder_id, p.is_premium, p.created_at, p.updated_at,
         public.prompt_preview(p) as preview,
         (select count(*) from public.saved_prompts c where c.user_id = $1 and c.folder_id = $2) as total
  from page join public.saved_prompts p on p.id = page.id order by page.sort_name, page.id`;
const SUBFOLDERS_SQL =
  'select id, name, parent_folder_id, created_at from public.prompt_folders where user_id = $1 and parent_folder_id = $2 order by sort_name, id limit 1000';
/** The statement search_prompt_library runs (migration 20261123000400). */
const SEARCH_SQL = `with page as (
    select m.id, m.is_favorite, m.sort_name, count(*) over () as total from public.saved_prompts m
    where m.user_id = $1 and m.search_text like '%' || public.like_escape(lower($2)) || '%'
    order by m.is_favorite desc, m.sort_name, m.id limit $3)
  select p.id, p.name, p.description, p.tags, p.is_favorite, p.llm_provider, p.model, p.template_id, p.folder_id,
         p.is_premium, p.created_at, p.updated_at, public.prompt_preview(p) as preview, page.total
  from page join public.saved_prompts p on p.id = page.id order by page.is_favorite desc, page.sort_name, page.id`;

export interface LibraryBenchContext {
  db: Database;
  pick: <T>(items: T[]) => T;
  /** The 500-folder library (~20 prompts a folder). */
  spread: { supabase: SupabaseClient; userId: string; folderIds: string[] };
  /** The one folder of 10,000 prompts. */
  big: { supabase: SupabaseClient; userId: string; folderId: string };
}

export function libraryScenarios({ db, pick, spread, big }: LibraryBenchContext): BenchScenario[] {
  const lastPage = Math.floor((BIG_FOLDER_PROMPTS - 1) / LIBRARY_PAGE_SIZE) * LIBRARY_PAGE_SIZE;
  const openFolder = (supabase: SupabaseClient, folderId: string, offset: number, expected: number) => async () => {
    const { data, error } = await listFolderContents(supabase, folderId, 'name_asc', { offset, limit: LIBRARY_PAGE_SIZE });
    if (error) throw new Error(`open folder failed: ${error.message}`);
    if (!data.prompts.length || data.totalPrompts < expected)
      throw new Error(`open folder: ${data.prompts.length} cards of ${data.totalPrompts}`);
  };
  const rawFolder = (userId: string, folderId: string, offset: number) =>
    Promise.all([db.query(SUBFOLDERS_SQL, [userId, folderId]), db.query(FOLDER_CARDS_SQL, [userId, folderId, LIBRARY_PAGE_SIZE, offset])]);
  const search = (supabase: SupabaseClient, word: () => string) => async () => {
    const { data, error } = await searchLibrary(supabase, word(), { limit: LIBRARY_PAGE_SIZE });
    if (error || !data.total) throw new Error(`search failed: ${error?.message ?? 'no matches'}`);
  };
  const rawSearch = (userId: string, word: () => string) => async () => {
    const { rows } = await db.query(SEARCH_SQL, [userId, word(), LIBRARY_PAGE_SIZE]);
    if (!rows.length) throw new Error('raw search returned no rows');
  };
  return [
    {
      // The subfolders and the first page of cards, by name.
      name: 'open a folder of ~20 prompts',
      goalMs: LIBRARY_GOAL_MS,
      rest: async () => openFolder(spread.supabase, pick(spread.folderIds), 0, 1)(),
      raw: async () => void (await rawFolder(spread.userId, pick(spread.folderIds), 0)),
    },
    {
      // The same for one folder holding the whole library: the first 120 cards and the total.
      name: 'open a folder of 10,000 prompts',
      goalMs: LIBRARY_GOAL_MS,
      requests: HEAVY_REQUESTS,
      rest: openFolder(big.supabase, big.folderId, 0, BIG_FOLDER_PROMPTS),
      raw: async () => void (await rawFolder(big.userId, big.folderId, 0)),
    },
    {
      // Scrolled (or End pressed) to the bottom: the grid asks for the last page.
      name: 'its last page (offset 9,960)',
      goalMs: LIBRARY_GOAL_MS,
      requests: HEAVY_REQUESTS,
      rest: openFolder(big.supabase, big.folderId, lastPage, BIG_FOLDER_PROMPTS),
      raw: async () => void (await rawFolder(big.userId, big.folderId, lastPage)),
    },
    {
      // A topic word: ~2% of the 10,000 prompts match; the first 120 cards and the total.
      name: 'search 10,000 prompts (~2% match)',
      goalMs: LIBRARY_GOAL_MS,
      requests: HEAVY_REQUESTS,
      rest: search(spread.supabase, () => pick(WORDS)),
      raw: rawSearch(spread.userId, () => pick(WORDS)),
    },
    {
      // The worst case: every prompt matches, so all 10,000 are counted and ordered.
      name: 'search 10,000 prompts (all match)',
      goalMs: LIBRARY_GOAL_MS,
      requests: HEAVY_REQUESTS,
      rest: search(spread.supabase, () => WORD_IN_EVERY_PROMPT),
      raw: rawSearch(spread.userId, () => WORD_IN_EVERY_PROMPT),
    },
  ];
}
