import { useCallback, useEffect, useState } from 'react';
import { IDEA_TEXTS, type StartupIdea } from '../../../shared/core/ideas.ts';
import { deleteIdea, listIdeas } from '../../../shared/data/ideas.ts';
import { useNotify } from '../../../shared/ui/notices.tsx';
import { supabase } from '../../lib/supabase.ts';

export type SavedIdeasState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; ideas: StartupIdea[] };

/** The signed-in user's saved ideas (newest first) and delete. */
export function useSavedIdeas() {
  const notify = useNotify();
  const [state, setState] = useState<SavedIdeasState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const result = await listIdeas(supabase);
    setState(result.error ? { status: 'error', message: result.error.message } : { status: 'ready', ideas: result.data });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Whether the idea is gone (a failure gets the 'Error deleting …' toast). */
  const remove = useCallback(
    async (idea: StartupIdea): Promise<boolean> => {
      const result = await deleteIdea(supabase, idea.id);
      if (result.error) {
        notify({ title: 'Error deleting idea', description: result.error.message, variant: 'destructive' });
        return false;
      }
      setState((s) => (s.status === 'ready' ? { ...s, ideas: s.ideas.filter((i) => i.id !== idea.id) } : s));
      notify({ title: IDEA_TEXTS.deleted, description: `"${idea.name}" was deleted.` });
      return true;
    },
    [notify],
  );

  return { state, reload: load, remove };
}
