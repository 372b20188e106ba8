import PptxGenJS from 'pptxgenjs';
import { jsPDF } from 'jspdf';
import { base64OfBytes } from '../core/images/pictureFile.ts';
import { SLIDE_SIZE, type PictureSize, type SlideSpec } from '../core/pitchDeck/layout.ts';

/**
 * A laid-out deck (shared/core/pitchDeck/layout.ts) as a PowerPoint file or a PDF of one landscape
 * page per slide, with the slides' pictures. Loaded on first export: both libraries are large.
 */

/** A slide picture's file: PNG or JPEG, the formats both PowerPoint and jsPDF embed as they are. */
export interface DeckPictureFile extends PictureSize {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
}

/** The files of the slides' pictures by id; a slide whose picture has no file here is written without it. */
export type DeckPictures = ReadonlyMap<string, DeckPictureFile>;

export async function deckToPptx(title: string, slides: readonly SlideSpec[], pictures: DeckPictures = new Map()): Promise<ArrayBuffer> {
  const pptx = new PptxGenJS();
  pptx.defineLayout({ name: 'DECK', width: SLIDE_SIZE.width, height: SLIDE_SIZE.height });
  pptx.layout = 'DECK';
  pptx.title = title;
  for (const spec of slides) {
    const slide = pptx.addSlide();
    slide.background = { color: spec.background };
    for (const bar of spec.bars) {
      slide.addShape(pptx.ShapeType.rect, {
        x: bar.x,
        y: bar.y,
        w: bar.w,
        h: bar.h,
        fill: { color: bar.color },
        line: { color: bar.color },
      });
    }
    const file = spec.picture && pictures.get(spec.picture.imageId);
    if (spec.picture && file) {
      // pptxgenjs takes embedded pictures as "<media type>;base64,<data>" and names the media file after the type.
      slide.addImage({
        data: `${file.type};base64,${base64OfBytes(file.bytes)}`,
        x: spec.picture.x,
        y: spec.picture.y,
        w: spec.picture.w,
        h: spec.picture.h,
        altText: spec.picture.alt,
      });
    }
    for (const block of spec.texts) {
      slide.addText(
        block.paragraphs.map((text) => ({ text, options: { bullet: block.bullet, breakLine: true } })),
        {
          x: block.x,
          y: block.y,
          w: block.w,
          h: block.h,
          fontFace: spec.font,
          fontSize: block.fontSize,
          color: block.color,
          bold: block.bold,
          align: block.align,
          valign: block.bullet ? 'top' : 'middle',
          paraSpaceAfter: block.bullet ? 8 : 0,
          fit: 'shrink',
        },
      );
    }
    if (spec.notes) slide.addNotes(spec.notes);
  }
  const data = await pptx.write({ outputType: 'arraybuffer' });
  if (!(data instanceof ArrayBuffer)) throw new Error('The presentation could not be written.');
  return data;
}

/** jsPDF's built-in fonts: the theme's font picks the closest. */
const pdfFont = (font: string) => (font === 'Georgia' ? 'times' : 'helvetica');
const PT_PER_INCH = 72;

export function deckToPdf(title: string, slides: readonly SlideSpec[], pictures: DeckPictures = new Map()): ArrayBuffer {
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'in', format: [SLIDE_SIZE.width, SLIDE_SIZE.height] });
  pdf.setProperties({ title });
  slides.forEach((spec, index) => {
    if (index > 0) pdf.addPage([SLIDE_SIZE.width, SLIDE_SIZE.height], 'landscape');
    pdf.setFillColor(`#${spec.background}`);
    pdf.rect(0, 0, SLIDE_SIZE.width, SLIDE_SIZE.height, 'F');
    for (const bar of spec.bars) {
      pdf.setFillColor(`#${bar.color}`);
      pdf.rect(bar.x, bar.y, bar.w, bar.h, 'F');
    }
    const file = spec.picture && pictures.get(spec.picture.imageId);
    if (spec.picture && file) {
      const { x, y, w, h, imageId } = spec.picture;
      try {
        // The id as jsPDF's alias: a picture on several slides is embedded once. jsPDF stores a PNG's
        // pixels unpacked unless told to compress them (a 1536×1024 photo would add megabytes).
        pdf.addImage(file.bytes, file.type === 'image/png' ? 'PNG' : 'JPEG', x, y, w, h, imageId, 'FAST');
      } catch {
        // jsPDF decodes the picture to embed it: a damaged file leaves the slide without it, like a missing one.
      }
    }
    for (const block of spec.texts) {
      pdf.setFont(pdfFont(spec.font), block.bold ? 'bold' : 'normal');
      pdf.setFontSize(block.fontSize);
      pdf.setTextColor(`#${block.color}`);
      const lineHeight = (block.fontSize * 1.25) / PT_PER_INCH;
      const indent = block.bullet ? 0.3 : 0;
      const paragraphs = block.paragraphs.map((paragraph): string[] => pdf.splitTextToSize(paragraph, block.w - indent));
      // Titles sit in the middle of their box, bullets start at its top (as in the PPTX).
      const lineCount = paragraphs.reduce((sum, lines) => sum + lines.length, 0);
      let y = block.bullet ? block.y + lineHeight : block.y + Math.max(0, (block.h - lineCount * lineHeight) / 2) + lineHeight * 0.8;
      for (const lines of paragraphs) {
        if (block.bullet) pdf.text('•', block.x, y);
        for (const line of lines) {
          const x = block.align === 'right' ? block.x + block.w : block.x + indent;
          pdf.text(line, x, y, { align: block.align });
          y += lineHeight;
        }
        if (block.bullet) y += lineHeight * 0.4;
      }
    }
  });
  return pdf.output('arraybuffer');
}
