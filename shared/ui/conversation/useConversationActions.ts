import { useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { deleteConversation, renameConversation } from '@/shared/data/conversations.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { useNotify } from '../notices.tsx';
import { queryKeys } from '../queryKeys.ts';

/** Rename and delete (dashboard and side panel), with their notices; History and the open conversation are asked again after each. */
export function useConversationActions(client: () => Promise<AppClient>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
  return {
    /** Resolves with the refusal to show in the dialog (a rule), or null (renamed, or a failure shown as a notice). */
    rename: async (id: string, title: string): Promise<string | null> => {
      const { error } = await renameConversation(await client(), id, title);
      if (error?.kind === 'invalid') return error.message;
      if (error) notify({ title: error.message, variant: 'destructive' });
      else notify({ title: CONVERSATION_TEXTS.renamed });
      await refresh();
      return null;
    },
    remove: async (id: string): Promise<boolean> => {
      const { data, error } = await deleteConversation(await client(), id);
      if (error) notify({ title: error.message, variant: 'destructive' });
      else if (data) notify({ title: CONVERSATION_TEXTS.deleted });
      await refresh();
      return data === true;
    },
  };
}
