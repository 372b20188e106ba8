import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteOffer, listOffers, type OfferSummary } from '@/shared/data/offers.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's saved offers. */
export const offerQueries = {
  list: () => queryOptions({ queryKey: queryKeys.offers.list(), queryFn: async () => unwrap(await listOffers(supabase)) }),
};

/** Deletes a saved offer and takes it out of the cached list (no second read). */
export function useDeleteOfferMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (summary: OfferSummary) => unwrap(await deleteOffer(supabase, summary.id)),
    onSuccess: (_done, summary) => {
      queryClient.setQueryData(offerQueries.list().queryKey, (offers) => offers?.filter((o) => o.id !== summary.id));
      notify({ title: 'Offer deleted', description: `"${summary.title}" was deleted.` });
    },
    onError: (error) => notify({ title: 'Error deleting offer', description: error.message, variant: 'destructive' }),
  });
}
