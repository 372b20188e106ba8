import { useState } from 'react';
import { deckFileName, type StoredSlide } from '@/shared/core/pitchDeck/deck.ts';
import { deckLayout, themeById } from '@/shared/core/pitchDeck/layout.ts';
import { PITCH_DECK_TEXTS } from '@/shared/core/pitchDeck/texts.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';

export type DeckFormat = 'pptx' | 'pdf';

const MIME: Record<DeckFormat, string> = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
};

/** Export PPTX / PDF: the export code (pptxgenjs, jsPDF) loads on first use; the file is named after the deck. */
export function useDeckExport() {
  const notify = useNotify();
  const [exporting, setExporting] = useState<DeckFormat | null>(null);

  const run = async (format: DeckFormat, title: string, slides: StoredSlide[], themeId: string) => {
    setExporting(format);
    try {
      const { deckToPdf, deckToPptx } = await import('@/shared/export/deck.ts');
      const specs = deckLayout(title.trim(), slides, themeById(themeId));
      const data = format === 'pptx' ? await deckToPptx(title, specs) : deckToPdf(title, specs);
      downloadFile(data, deckFileName(title, format), MIME[format]);
    } catch {
      const label = format.toUpperCase();
      notify({ title: `Error generating ${label}`, description: PITCH_DECK_TEXTS.exportError(label), variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  return { exporting, run };
}
