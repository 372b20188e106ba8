import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/local/db/types.ts';
import { listFolderContents, searchLibrary } from '../../shared/data/prompts.ts';

/**
 * The prompt library's cases for `npm run bench` (issue 4: "folder open and search within 100 ms"
 * on a 10,000-prompt library): what the /my-prompts page does, through the real data layer
 * (shared/data/prompts.ts → supabase-js → /rest/v1), next to the same SQL run directly.
 */

const WORDS = (
  'launch webinar pricing funnel newsletter onboarding referral podcast checklist headline testimonial audience ' +
  'retention upsell keyword outline carousel storytelling survey giveaway affiliate wholesale subscription bundle ' +
  'discount roadmap persona objection guarantee bonus scarcity workshop masterclass template calendar analytics ' +
  'conversion landing partnership influencer community retargeting sponsorship quiz challenge cohort mentoring ' +
  'newsletter coaching consulting ecommerce dropshipping membership course ebook'
).split(' ');

export interface BenchScenario {
  name: string;
  rest: () => Promise<void>;
  raw: () => Promise<void>;
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

export function libraryScenarios(ctx: {
  supabase: SupabaseClient;
  db: Database;
  userId: string;
  folderIds: string[];
  pick: <T>(items: T[]) => T;
}): BenchScenario[] {
  const { supabase, db, userId, folderIds, pick } = ctx;
  return [
    {
      // listFolderContents: the folder's subfolders and its first page of cards, by name.
      name: 'open a folder (folders + prompt cards)',
      rest: async () => {
        const { data, error } = await listFolderContents(supabase, pick(folderIds), 'name_asc');
        if (error || !data.prompts.length) throw new Error(`open folder failed: ${error?.message ?? 'no prompts'}`);
      },
      raw: async () => {
        const folderId = pick(folderIds);
        const [folders, prompts] = await Promise.all([
          db.query('select id, name, parent_folder_id, created_at from public.prompt_folders where user_id = $1 and parent_folder_id = $2 order by sort_name, id limit 1000', [userId, folderId]),
          db.query(
            `select id, name, description, tags, is_favorite, llm_provider, model, template_id, folder_id, is_premium, created_at, updated_at,
                    public.prompt_preview(p) as preview, count(*) over () as total
             from public.saved_prompts p where user_id = $1 and folder_id = $2 order by sort_name, id limit 200`,
            [userId, folderId],
          ),
        ]);
        if (!prompts.rows.length || !folders) throw new Error('raw open folder returned no prompts');
      },
    },
    {
      // searchLibrary: name, text and tags; the first 50 cards and the total.
      name: 'search the library (first 50 + total)',
      rest: async () => {
        const { data, error } = await searchLibrary(supabase, pick(WORDS));
        if (error || !data.total) throw new Error(`search failed: ${error?.message ?? 'no matches'}`);
      },
      raw: async () => {
        // The statement search_prompt_library runs (migration 20261123000400).
        const { rows } = await db.query(
          `with page as (
             select m.id, m.is_favorite, m.sort_name, count(*) over () as total from public.saved_prompts m
             where m.user_id = $1 and m.search_text like '%' || public.like_escape(lower($2)) || '%'
             order by m.is_favorite desc, m.sort_name, m.id limit 50)
           select p.id, p.name, p.description, p.tags, p.is_favorite, p.llm_provider, p.model, p.template_id, p.folder_id,
                  p.is_premium, p.created_at, p.updated_at, public.prompt_preview(p) as preview, page.total
           from page join public.saved_prompts p on p.id = page.id order by page.is_favorite desc, page.sort_name, page.id`,
          [userId, pick(WORDS)],
        );
        if (!rows.length) throw new Error('raw search returned no rows');
      },
    },
  ];
}
