import type { QueryClient } from '@tanstack/react-query';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { pictureFacts } from '@/shared/core/images/pictureFile.ts';
import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import { errorMessage } from '@/shared/core/text.ts';
import { downloadPicture } from '@/shared/data/generatedImages.ts';
import type { ExportImage } from '@/shared/export/model.ts';
import type { NoticeInput } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { pictureQueries } from '@/web/queries/pictures.ts';

/** A WebP picture as PNG (Word takes no WebP), drawn on a canvas by the browser. */
async function asPng(bytes: Uint8Array): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/webp' }));
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the picture.');
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('This browser cannot draw the picture.'))), 'image/png'),
    );
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    bitmap.close();
  }
}

/**
 * The offer's hero picture for its DOCX, PDF and HTML, read from Storage (undefined when it has
 * none). A picture that cannot be read leaves the file without it, and a notice says so: the
 * offer's words matter more than its cover.
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
    const stored = unwrap(await downloadPicture(supabase, image.path));
    const bytes = pictureFacts(stored)?.type === 'image/webp' ? await asPng(stored) : stored;
    // The size and format the exporters are told are the bytes' own.
    const facts = pictureFacts(bytes);
    if (!facts || facts.type === 'image/webp') throw new Error(PICTURE_TEXTS.missingFile);
    return { bytes, type: facts.type, width: facts.width, height: facts.height, alt: PICTURE_TEXTS.heroAlt(offer.framework.title) };
  } catch (error) {
    notify({ title: PICTURE_TEXTS.heroLeftOut, description: errorMessage(error), variant: 'destructive' });
    return undefined;
  }
}
