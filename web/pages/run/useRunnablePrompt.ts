import { useQuery } from '@tanstack/react-query';
import { runPromptSource, type RunnablePrompt } from '@/shared/core/runPrompt.ts';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { webData } from './runSide.ts';

type LoadedPrompt =
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
  const source = runPromptSource(promptId);
  const query = useQuery({
    ...promptQueries.runnable(webData, promptId, source === 'invalid' ? 'saved' : source),
    enabled: source !== 'invalid',
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
