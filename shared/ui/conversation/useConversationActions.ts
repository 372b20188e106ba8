import { isRefusedByRule, useDeleteConversationMutation, useRenameConversationMutation } from '../queries/conversations.ts';
import type { DataClient } from '../query.ts';

/** Rename and delete (dashboard and side panel), with their notices; History and the open conversation are asked again after each. */
export function useConversationActions(client: DataClient) {
  const { mutateAsync: renameConversation, isPending: renaming } = useRenameConversationMutation(client);
  const { mutateAsync: deleteConversation } = useDeleteConversationMutation(client);
  return {
    /** Resolves with the refusal to show in the dialog (a rule), or null (renamed, or a failure shown as a notice). */
    rename: (id: string, title: string): Promise<string | null> =>
      renameConversation({ id, title }).then(
        () => null,
        (error: Error) => (isRefusedByRule(error) ? error.message : null),
      ),
    /** While a rename runs. */
    renaming,
    remove: (id: string): Promise<boolean> =>
      deleteConversation(id).then(
        (deleted) => deleted === true,
        () => false,
      ),
  };
}
