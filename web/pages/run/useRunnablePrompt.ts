import { useQuery } from '@tanstack/react-query';
import { STACK_TEXTS } from '@/shared/core/promptStacks.ts';
import { fromFreePrompt, fromSavedPrompt, runPromptSource, type RunnablePrompt } from '@/shared/core/runPrompt.ts';
import { getPrompt } from '@/shared/data/promptLibrary/library.ts';
import { listFreeStacks } from '@/shared/data/promptCatalog.ts';
import { errorMessage, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

type LoadedPrompt =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  /** origin: 'Free - Marketing Magic' or 'From your library'. */
  | { status: 'ready'; prompt: RunnablePrompt; origin: string };

type Runnable = { prompt: RunnablePrompt; origin: string };

/** The prompt with where it comes from, or null when there is no such prompt for the user. */
async function loadRunnable(promptId: string, source: 'saved' | 'free'): Promise<Runnable | null> {
  if (source === 'saved') {
    const saved = unwrap(await getPrompt(supabase, promptId));
    return saved ? { prompt: fromSavedPrompt(saved), origin: 'From your library' } : null;
  }
  // The built-in stacks are a handful of rows: one read gives the prompt and its category's name.
  const stacks = unwrap(await listFreeStacks(supabase));
  const prompt = stacks.prompts.find((p) => p.id === promptId);
  if (!prompt) return null;
  const category = stacks.categories.find((c) => c.id === prompt.categoryId)?.name ?? prompt.categoryId;
  return { prompt: fromFreePrompt(prompt), origin: STACK_TEXTS.freeFolder(category) };
}

/**
 * The prompt of /run-prompt/{promptId}: one of the user's saved prompts (RLS keeps it owner-scoped:
 * anyone else's is simply not found) or a built-in free prompt with its questions.
 */
export function useRunnablePrompt(promptId: string) {
  const source = runPromptSource(promptId);
  const query = useQuery({
    queryKey: queryKeys.prompts.runnable(promptId),
    queryFn: () => loadRunnable(promptId, source === 'invalid' ? 'saved' : source),
    enabled: source !== 'invalid',
    // Each opening runs the prompt as saved now (read afresh, nothing kept once the page closes):
    // the form is built from it.
    gcTime: 0,
  });
  const { data, status, error, isFetching } = query;
  const loaded: LoadedPrompt =
    source === 'invalid' || data === null
      ? { status: 'missing' }
      : data
        ? { status: 'ready', ...data }
        : status === 'error' && !isFetching
          ? { status: 'error', message: errorMessage(error) }
          : { status: 'loading' };
  return { loaded, reload: () => void query.refetch() };
}
