import type { QueryClient } from '@tanstack/react-query';
import { slidePictureIds, type StoredSlide } from '@/shared/core/pitchDeck/deck.ts';
import { downloadPicture } from '@/shared/data/generatedImages.ts';
import type { DeckPictureFile } from '@/shared/export/deck.ts';
import { exportablePicture } from '@/web/components/pictures/exportablePicture.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { pictureQueries } from '@/web/queries/pictures.ts';

export interface DeckPictureFiles {
  files: Map<string, DeckPictureFile>;
  /** Slides (numbered from 1) whose picture exists but whose file could not be read. */
  leftOut: number[];
}

/**
 * The files of the pictures a deck's slides show, downloaded for its PPTX or PDF. A picture deleted
 * from the gallery is simply not there (the editor already says so on its slide); one whose file
 * cannot be downloaded or read is left out too, and its slide is named so the user can be told.
 */
export async function deckPictureFiles(queryClient: QueryClient, slides: readonly StoredSlide[]): Promise<DeckPictureFiles> {
  const files = new Map<string, DeckPictureFile>();
  const ids = slidePictureIds(slides);
  if (ids.length === 0) return { files, leftOut: [] };
  const images = await queryClient.fetchQuery(pictureQueries.list({ ids }));
  const unreadable = new Set<string>();
  await Promise.all(
    images.map(async (image) => {
      const stored = await downloadPicture(supabase, image.path);
      const file = stored.error ? null : await exportablePicture(stored.data).catch(() => null);
      if (file) files.set(image.id, file);
      else unreadable.add(image.id);
    }),
  );
  const leftOut = slides.flatMap((slide, i) => (slide.imageId && unreadable.has(slide.imageId) ? [i + 1] : []));
  return { files, leftOut };
}
