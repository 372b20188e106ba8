import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptShare,
  countDocumentShares,
  listShares,
  removeShare,
  shareByEmail,
  SHARE_TEXTS,
  type InvitedShare,
  type Share,
  type ShareTarget,
} from '@/shared/data/shares.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The target alone (the key holds nothing else a caller's object may carry). */
const targetOf = (target: ShareTarget): ShareTarget =>
  'workspaceId' in target ? { workspaceId: target.workspaceId } : { documentId: target.documentId };

/** Who a workspace or a document is shared with, and how many addresses each of the user's documents is shared with. */
export const shareQueries = {
  list: (target: ShareTarget) =>
    queryOptions({
      queryKey: queryKeys.shares.list(targetOf(target)),
      queryFn: async () => unwrap(await listShares(supabase, targetOf(target))),
    }),
  documentCounts: (userId: string) =>
    queryOptions({ queryKey: queryKeys.shares.documentCounts(), queryFn: async () => unwrap(await countDocumentShares(supabase, userId)) }),
};

/** The share as listed (the invitation's link is the dialog's, never kept in the cache). */
const shareOnly = ({ delivery: _delivery, ...share }: InvitedShare): Share => share;

/** The list as the server now has it, after a share or a revoke (no second read). */
function useReplaceShares(target: ShareTarget) {
  const queryClient = useQueryClient();
  return (change: (current: Share[]) => Share[]) =>
    queryClient.setQueryData(shareQueries.list(target).queryKey, (current = []) => change(current));
}

/**
 * Shares the target with an e-mail address (an invitation, or "already shared"); an invitation
 * that was not mailed comes with its link, for the dialog to show. A refusal is the dialog's to show.
 */
export function useShareMutation(target: ShareTarget) {
  const replace = useReplaceShares(target);
  const notify = useNotify();
  return useMutation({
    mutationFn: async (email: string) => unwrap(await shareByEmail(supabase, target, email)),
    onSuccess: (share) => {
      replace((current) => [shareOnly(share), ...current.filter((s) => s.id !== share.id)]);
      notify(
        share.status === 'accepted'
          ? { title: 'Already shared', description: SHARE_TEXTS.alreadyAccepted(share.recipientEmail) }
          : share.delivery && share.delivery.mail !== 'sent'
            ? { title: 'Invitation ready', description: SHARE_TEXTS.linkReady(share.recipientEmail) }
            : { title: 'Invitation sent', description: SHARE_TEXTS.invited(share.recipientEmail) },
      );
    },
  });
}

/** Stops sharing with one address. */
export function useRevokeShareMutation(target: ShareTarget) {
  const replace = useReplaceShares(target);
  const notify = useNotify();
  return useMutation({
    mutationFn: async (share: Share) => unwrap(await removeShare(supabase, share.id)),
    onSuccess: (_done, share) => {
      replace((current) => current.filter((x) => x.id !== share.id));
      notify({ title: 'Sharing stopped', description: SHARE_TEXTS.revoked(share.recipientEmail) });
    },
    onError: (error) => notify({ title: 'Error deleting share', description: error.message, variant: 'destructive' }),
  });
}

/**
 * Accepts a share invitation's token as the signed-in user and answers where it leads; the
 * File Manager's lists are read again when next shown. A refusal is the page's to show.
 */
export function useAcceptShareMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (token: string) => unwrap(await acceptShare(supabase, token)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.lists() });
      notify({ title: 'Invitation accepted', description: 'It is in your File Manager under “Shared with you”, read-only.' });
    },
  });
}
