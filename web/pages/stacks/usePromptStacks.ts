import { useCallback, useEffect, useState } from 'react';
import { buildPromptStacks, type OwnPrompt, type StackCategory, type StackPrompt } from '../../../shared/core/promptStacks.ts';
import { listFreeStacks, listOwnPromptsForStacks } from '../../../shared/data/promptsCatalog.ts';
import { supabase } from '../../lib/supabase.ts';

export type StacksState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** ownError: the free stacks loaded but the user's own prompts did not. */
  | { status: 'ready'; categories: StackCategory[]; prompts: StackPrompt[]; ownError: string | null };

/** The free prompt stacks and the user's own prompts, as /prompts shows them (one list of categories and prompts). */
export function usePromptStacks() {
  const [state, setState] = useState<StacksState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const [free, own] = await Promise.all([listFreeStacks(supabase), listOwnPromptsForStacks(supabase)]);
    if (free.error) return setState({ status: 'error', message: free.error.message });
    const ownPrompts: OwnPrompt[] = own.error ? [] : own.data;
    setState({ status: 'ready', ...buildPromptStacks(free.data, ownPrompts), ownError: own.error?.message ?? null });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
