import { queryOptions } from '@tanstack/react-query';
import { listRecommendedCategories, listRecommendedPrompts } from '@/shared/data/promptCatalog.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The recommended prompts: one page of a search or a category, and the categories. */
export const recommendedQueries = {
  page: (query: { search: string; category: string | null; page: number }) =>
    queryOptions({
      queryKey: queryKeys.recommended.page(query),
      queryFn: async () => unwrap(await listRecommendedPrompts(supabase, query)),
    }),
  categories: () =>
    queryOptions({ queryKey: queryKeys.recommended.categories(), queryFn: async () => unwrap(await listRecommendedCategories(supabase)) }),
};
