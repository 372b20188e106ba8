import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { deckFileName, type StoredSlide } from '@/shared/core/pitchDeck/deck.ts';
import { deckLayout, themeById } from '@/shared/core/pitchDeck/layout.ts';
import { PITCH_DECK_TEXTS } from '@/shared/core/pitchDeck/texts.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { deckPictureFiles } from './deckPictures.ts';

export type DeckFormat = 'pptx' | 'pdf';

const MIME: Record<DeckFormat, string> = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
};

/**
 * Export PPTX / PDF: the export code (pptxgenjs, jsPDF) loads on first use; the slides' pictures
 * are downloaded first and laid out at their own shape (a slide whose picture cannot be had is
 * laid out without it); the file is named after the deck.
 */
export function useDeckExport() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState<DeckFormat | null>(null);

  const run = async (format: DeckFormat, title: string, slides: StoredSlide[], themeId: string) => {
    setExporting(format);
    try {
      const [{ deckToPdf, deckToPptx }, pictures] = await Promise.all([
        import('@/shared/export/deck.ts'),
        deckPictureFiles(queryClient, slides),
      ]);
      const specs = deckLayout(title.trim(), slides, themeById(themeId), pictures.files);
      const data = format === 'pptx' ? await deckToPptx(title, specs, pictures.files) : deckToPdf(title, specs, pictures.files);
      downloadFile(data, deckFileName(title, format), MIME[format]);
      if (pictures.leftOut.length) notify({ title: PICTURE_TEXTS.slideLeftOut(pictures.leftOut), variant: 'destructive' });
    } catch {
      const label = format.toUpperCase();
      notify({ title: `Error generating ${label}`, description: PITCH_DECK_TEXTS.exportError(label), variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  return { exporting, run };
}
