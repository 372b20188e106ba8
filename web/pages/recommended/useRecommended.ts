import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecommendedPage } from '@/shared/data/promptCatalog.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { recommendedQueries } from '@/web/queries/recommended.ts';

export type RecommendedState =
  | { status: 'loading'; previous: RecommendedPage | null }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: RecommendedPage };

/** One page of the public catalogue for a search, a category and a page number; the category tabs once. */
export function useRecommended(query: { search: string; category: string | null; page: number }) {
  const { search, category, page } = query;
  const pageQuery = useQuery({
    ...recommendedQueries.page({ search, category, page }),
    // The last page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
  const categoriesQuery = useQuery(recommendedQueries.categories());
  // Without tabs the catalogue still works ("All"); the list error shows with the prompts'.
  const categories = categoriesQuery.status === 'pending' ? null : (categoriesQuery.data ?? []);

  const { status, data, error, isFetching, isPlaceholderData } = pageQuery;
  const state = useMemo<RecommendedState>(() => {
    if (status === 'error') return isFetching ? { status: 'loading', previous: null } : { status: 'error', message: errorMessage(error) };
    if (status === 'pending' || isPlaceholderData) return { status: 'loading', previous: data ?? null };
    return { status: 'ready', page: data };
  }, [status, data, error, isFetching, isPlaceholderData]);

  return {
    state,
    categories,
    reload: () => {
      void pageQuery.refetch();
      if (!categories?.length) void categoriesQuery.refetch();
    },
  };
}
