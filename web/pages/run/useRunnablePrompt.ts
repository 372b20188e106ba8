import { useCallback, useEffect, useState } from 'react';
import { STACK_TEXTS } from '@/shared/core/promptStacks.ts';
import { fromFreePrompt, fromSavedPrompt, runPromptSource, type RunnablePrompt } from '@/shared/core/runPrompt.ts';
import { getPrompt } from '@/shared/data/promptLibrary/library.ts';
import { listFreeStacks } from '@/shared/data/promptCatalog.ts';
import { supabase } from '@/web/lib/supabase.ts';

export type LoadedPrompt =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  /** origin: 'Free - Marketing Magic' or 'From your library'. */
  | { status: 'ready'; prompt: RunnablePrompt; origin: string };

/**
 * The prompt of /run-prompt/{promptId}: one of the user's saved prompts (RLS keeps it owner-scoped:
 * anyone else's is simply not found) or a built-in free prompt with its questions.
 */
export function useRunnablePrompt(promptId: string) {
  const [loaded, setLoaded] = useState<LoadedPrompt>({ status: 'loading' });

  const load = useCallback(async () => {
    setLoaded({ status: 'loading' });
    const source = runPromptSource(promptId);
    if (source === 'invalid') return setLoaded({ status: 'missing' });
    if (source === 'saved') {
      const { data, error } = await getPrompt(supabase, promptId);
      if (error) return setLoaded({ status: 'error', message: error.message });
      return setLoaded(data ? { status: 'ready', prompt: fromSavedPrompt(data), origin: 'From your library' } : { status: 'missing' });
    }
    // The built-in stacks are a handful of rows: one read gives the prompt and its category's name.
    const { data, error } = await listFreeStacks(supabase);
    if (error) return setLoaded({ status: 'error', message: error.message });
    const prompt = data.prompts.find((p) => p.id === promptId);
    if (!prompt) return setLoaded({ status: 'missing' });
    const category = data.categories.find((c) => c.id === prompt.categoryId)?.name ?? prompt.categoryId;
    setLoaded({ status: 'ready', prompt: fromFreePrompt(prompt), origin: STACK_TEXTS.freeFolder(category) });
  }, [promptId]);

  useEffect(() => {
    void load();
  }, [load]);

  return { loaded, reload: load };
}
