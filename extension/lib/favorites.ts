import type { AppClient } from '@/shared/data/supabase.ts';
import type { PromptCard } from '@/shared/data/promptLibrary/library.ts';
import { CARD_COLUMNS, toCard, type CardRow } from '@/shared/data/promptLibrary/rows.ts';
import { fail, ok, type DataResult } from '@/shared/data/result.ts';

/**
 * The user's starred prompts, by name: the side panel's Favourites list and the context menu's
 * submenu. (The library data layer has no such listing; this one query is all the extension adds.)
 */
export async function listFavoritePrompts(client: AppClient, limit = 100): Promise<DataResult<PromptCard[]>> {
  const { data, error } = await client
    .from('saved_prompts')
    .select(CARD_COLUMNS)
    .eq('is_favorite', true)
    .order('sort_name')
    .order('id')
    .limit(limit)
    .overrideTypes<CardRow[], { merge: false }>(); // CardRow: see CARD_COLUMNS
  return error ? fail(error) : ok(data.map(toCard));
}
