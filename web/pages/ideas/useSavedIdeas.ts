import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEA_TEXTS, type StartupIdea } from '@/shared/core/ideas.ts';
import { deleteIdea } from '@/shared/data/ideas.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { ideaQueries } from '@/web/queries/ideas.ts';

/** The signed-in user's saved ideas (newest first) and delete. */
export function useSavedIdeas() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(ideaQueries.list());

  /** Whether the idea is gone (a failure gets the 'Error deleting …' toast). */
  const remove = useCallback(
    async (idea: StartupIdea): Promise<boolean> => {
      const result = await deleteIdea(supabase, idea.id);
      if (result.error) {
        notify({ title: 'Error deleting idea', description: result.error.message, variant: 'destructive' });
        return false;
      }
      queryClient.setQueryData(ideaQueries.list().queryKey, (ideas) => ideas?.filter((i) => i.id !== idea.id));
      notify({ title: IDEA_TEXTS.deleted, description: `"${idea.name}" was deleted.` });
      return true;
    },
    [notify, queryClient],
  );

  return { query, remove };
}
