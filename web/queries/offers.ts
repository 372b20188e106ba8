import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { setOfferHero, type GeneratedImage } from '@/shared/data/generatedImages.ts';
import { deleteOffer, listOffers, type OfferSummary } from '@/shared/data/offers.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { pictureQueries } from './pictures.ts';

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

/**
 * Sets (a picture) or clears (null) a saved offer's hero image on its row. The chosen picture goes
 * into the cache the builder shows it from, with its address when the gallery had one, so it
 * appears without a second read; the caller puts its id in the working copy.
 */
export function useSetOfferHeroMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ offerId, image }: { offerId: string; image: (GeneratedImage & { url?: string | null }) | null }) =>
      unwrap(await setOfferHero(supabase, offerId, image?.id ?? null)),
    onSuccess: (_done, { image }) => {
      if (image) {
        const { url, ...picture } = image;
        queryClient.setQueryData(pictureQueries.one(picture.id).queryKey, picture);
        if (url) queryClient.setQueryData(pictureQueries.url(picture.path).queryKey, url);
      }
      notify({ title: image ? PICTURE_TEXTS.heroSaved : PICTURE_TEXTS.heroRemoved });
    },
    onError: (error) => notify({ title: PICTURE_TEXTS.heroSaveFailed, description: error.message, variant: 'destructive' }),
  });
}
