import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StartupIdea } from '@/shared/core/ideas.ts';
import { ideaQueries, useDeleteIdeaMutation } from '@/web/queries/ideas.ts';

/** The signed-in user's saved ideas (newest first) and delete. */
export function useSavedIdeas() {
  const query = useQuery(ideaQueries.list());
  const { mutateAsync } = useDeleteIdeaMutation();

  /** Whether the idea is gone (a failure gets the 'Error deleting …' toast). */
  const remove = useCallback(
    (idea: StartupIdea): Promise<boolean> =>
      mutateAsync(idea).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );

  return { query, remove };
}
