import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEA_TEXTS, type StartupIdea, type StartupIdeaContent } from '@/shared/core/ideas.ts';
import { deleteIdea, listIdeas, saveIdea } from '@/shared/data/ideas.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's saved startup ideas. */
export const ideaQueries = {
  list: () => queryOptions({ queryKey: queryKeys.ideas.list(), queryFn: async () => unwrap(await listIdeas(supabase)) }),
};

/** Saves a generated idea (`sourcePrompt`: what it was generated for); the saved ideas are read again. */
export function useSaveIdeaMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ idea, sourcePrompt }: { idea: StartupIdeaContent; sourcePrompt: string }) =>
      unwrap(await saveIdea(supabase, idea, sourcePrompt)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ideas.all });
      notify({ title: IDEA_TEXTS.saved, description: `"${saved.name}" is in your Saved Ideas.` });
    },
    onError: (error) => notify({ title: 'Error saving idea', description: error.message, variant: 'destructive' }),
  });
}

/** Deletes a saved idea and takes it out of the cached list (no second read). */
export function useDeleteIdeaMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (idea: StartupIdea) => unwrap(await deleteIdea(supabase, idea.id)),
    onSuccess: (_deleted, idea) => {
      queryClient.setQueryData(ideaQueries.list().queryKey, (ideas) => ideas?.filter((i) => i.id !== idea.id));
      notify({ title: IDEA_TEXTS.deleted, description: `"${idea.name}" was deleted.` });
    },
    onError: (error) => notify({ title: 'Error deleting idea', description: error.message, variant: 'destructive' }),
  });
}
