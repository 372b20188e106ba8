import { useQuery } from '@tanstack/react-query';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { webData } from '../run/runSide.ts';

/** The free prompt stacks and the user's own prompts, as /prompts shows them (one list of categories and prompts). */
export function usePromptStacks() {
  return useQuery(promptQueries.stacks(webData));
}
