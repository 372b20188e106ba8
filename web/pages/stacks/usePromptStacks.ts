import { useQuery } from '@tanstack/react-query';
import { buildPromptStacks, type OwnPrompt, type StackCategory, type StackPrompt } from '@/shared/core/promptStacks.ts';
import { listFreeStacks, listOwnPromptsForStacks } from '@/shared/data/promptCatalog.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

interface PromptStacks {
  categories: StackCategory[];
  prompts: StackPrompt[];
  /** The free stacks loaded but the user's own prompts did not. */
  ownError: string | null;
}

async function loadPromptStacks(): Promise<PromptStacks> {
  const [free, own] = await Promise.all([listFreeStacks(supabase), listOwnPromptsForStacks(supabase)]);
  const stacks = unwrap(free);
  const ownPrompts: OwnPrompt[] = own.error ? [] : own.data;
  return { ...buildPromptStacks(stacks, ownPrompts), ownError: own.error?.message ?? null };
}

/** The free prompt stacks and the user's own prompts, as /prompts shows them (one list of categories and prompts). */
export function usePromptStacks() {
  return useQuery({ queryKey: queryKeys.prompts.stacks(), queryFn: loadPromptStacks });
}
