import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { duplicateOffer, type OfferSummary } from '@/shared/data/offers.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { errorMessage } from '@/shared/ui/query.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { offerQueries, useDeleteOfferMutation, useRenameOfferMutation } from '@/web/queries/offers.ts';

/** The user's saved offers (table offers): the list, and rename, duplicate, delete with their notices. */
export function useSavedOffers() {
  const notify = useNotify();
  const query = useQuery(offerQueries.list());
  const { mutateAsync: deleteOffer } = useDeleteOfferMutation();
  const { refetch } = query;

  /** Reads the list again with the current one kept on screen (after a save); a failure is a toast. */
  const refresh = useCallback(async () => {
    const result = await refetch();
    if (result.status === 'error')
      notify({ title: 'Error fetching offers', description: errorMessage(result.error), variant: 'destructive' });
  }, [refetch, notify]);

  const renameOffer = useRenameOfferMutation(refresh);

  const fail = (title: string, message: string) => notify({ title, description: message, variant: 'destructive' });

  return {
    query,
    refresh,
    /** The validation message under the field, or null when renamed. */
    rename: (id: string, title: string): Promise<string | null> =>
      renameOffer.mutateAsync({ id, title }).then(
        () => null,
        (error: Error) => error.message,
      ),
    /** While a rename (and the list's read after it) runs. */
    renaming: renameOffer.isPending,
    async duplicate(summary: OfferSummary): Promise<void> {
      const result = await duplicateOffer(supabase, summary.id);
      if (result.error) return fail('Error duplicating offer', result.error.message);
      notify({ title: 'Offer duplicated', description: `"${result.data.framework.title}" was added to your saved offers.` });
      await refresh();
    },
    /** Whether the offer is gone (a failure gets the 'Error deleting …' toast). */
    remove: (summary: OfferSummary): Promise<boolean> =>
      deleteOffer(summary).then(
        () => true,
        () => false,
      ),
  };
}
