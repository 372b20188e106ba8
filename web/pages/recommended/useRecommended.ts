import { useCallback, useEffect, useState } from 'react';
import { listRecommendedCategories, listRecommendedPrompts, type RecommendedPage } from '../../../shared/data/promptsCatalog.ts';
import { supabase } from '../../lib/supabase.ts';

export type RecommendedState =
  | { status: 'loading'; previous: RecommendedPage | null }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: RecommendedPage };

/** One page of the public catalogue for a search, a category and a page number; the category tabs once. */
export function useRecommended(query: { search: string; category: string | null; page: number }) {
  const [state, setState] = useState<RecommendedState>({ status: 'loading', previous: null });
  const [categories, setCategories] = useState<string[] | null>(null);
  const { search, category, page } = query;

  const load = useCallback(async () => {
    // The last page stays on screen (dimmed) while the next one loads.
    setState((current) => ({ status: 'loading', previous: current.status === 'ready' ? current.page : current.status === 'loading' ? current.previous : null }));
    const result = await listRecommendedPrompts(supabase, { search, category, page });
    setState(result.error ? { status: 'error', message: result.error.message } : { status: 'ready', page: result.data });
  }, [search, category, page]);

  const loadCategories = useCallback(async () => {
    const result = await listRecommendedCategories(supabase);
    // Without tabs the catalogue still works ("All"); the list error shows with the prompts'.
    setCategories(result.error ? [] : result.data);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    void loadCategories();
  }, [loadCategories]);

  return {
    state,
    categories,
    reload: () => {
      void load();
      if (!categories?.length) void loadCategories();
    },
  };
}
