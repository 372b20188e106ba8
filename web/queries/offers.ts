import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { setOfferHero, type GeneratedImage } from '@/shared/data/generatedImages.ts';
import { deleteOffer, getOffer, listOffers, renameOffer, type OfferSummary } from '@/shared/data/offers.ts';
import { notFound } from '@/shared/data/result.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryError, unwrap } from '@/shared/ui/query.ts';
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
 * Renames a saved offer (read first, so the rest of it is saved as it is), with the 'Offer renamed'
 * notice; `refresh` reads the list again before the rename counts as done. A refusal is the
 * dialog's to show.
 */
export function useRenameOfferMutation(refresh: () => Promise<void>) {
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) => {
      const found = unwrap(await getOffer(supabase, id));
      if (!found) throw new QueryError(notFound('That offer no longer exists.').error);
      return unwrap(await renameOffer(supabase, found, title));
    },
    onSuccess: async (renamed) => {
      notify({ title: 'Offer renamed', description: `It is now "${renamed.framework.title}".` });
      await refresh();
    },
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
