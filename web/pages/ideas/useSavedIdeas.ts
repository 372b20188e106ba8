import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEA_TEXTS, type StartupIdea } from '@/shared/core/ideas.ts';
import { deleteIdea, listIdeas } from '@/shared/data/ideas.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The signed-in user's saved ideas (newest first) and delete. */
export function useSavedIdeas() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.ideas.list(), queryFn: async () => unwrap(await listIdeas(supabase)) });

  /** Whether the idea is gone (a failure gets the 'Error deleting …' toast). */
  const remove = useCallback(
    async (idea: StartupIdea): Promise<boolean> => {
      const result = await deleteIdea(supabase, idea.id);
      if (result.error) {
        notify({ title: 'Error deleting idea', description: result.error.message, variant: 'destructive' });
        return false;
      }
      queryClient.setQueryData<StartupIdea[]>(queryKeys.ideas.list(), (ideas) => ideas?.filter((i) => i.id !== idea.id));
      notify({ title: IDEA_TEXTS.deleted, description: `"${idea.name}" was deleted.` });
      return true;
    },
    [notify, queryClient],
  );

  return { query, remove };
}
