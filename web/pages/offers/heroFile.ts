import type { QueryClient } from '@tanstack/react-query';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import { errorMessage } from '@/shared/core/text.ts';
import { downloadPicture } from '@/shared/data/generatedImages.ts';
import type { ExportImage } from '@/shared/export/model.ts';
import type { NoticeInput } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { exportablePicture } from '@/web/components/pictures/exportablePicture.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { pictureQueries } from '@/web/queries/pictures.ts';

/**
 * The offer's hero picture for its DOCX, PDF and HTML, read from Storage (undefined when it has
 * none, or its picture was deleted). A file that cannot be read leaves the export without it, and
 * a notice says so: the offer's words matter more than its cover.
 */
export async function heroForExport(
  queryClient: QueryClient,
  offer: OfferDraft,
  notify: (notice: NoticeInput) => void,
): Promise<ExportImage | undefined> {
  if (!offer.heroImageId) return undefined;
  try {
    const image = await queryClient.fetchQuery(pictureQueries.one(offer.heroImageId));
    if (!image) return undefined;
    const picture = await exportablePicture(unwrap(await downloadPicture(supabase, image.path)));
    if (!picture) throw new Error(PICTURE_TEXTS.missingFile);
    return { ...picture, alt: PICTURE_TEXTS.heroAlt(offer.framework.title) };
  } catch (error) {
    notify({ title: PICTURE_TEXTS.heroLeftOut, description: errorMessage(error), variant: 'destructive' });
    return undefined;
  }
}
