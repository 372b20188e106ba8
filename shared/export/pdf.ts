import { jsPDF } from 'jspdf';
import { markdownBlocks, type Block, type Run } from './blocks.ts';
import { fitImage, type ExportDocument, type ExportImage } from './model.ts';

/**
 * PDF through jsPDF with its built-in fonts: a small flow layout (words of mixed bold/italic/code
 * wrapped to the page width, lists indented, code shaded, page breaks). The built-in fonts only
 * cover Windows-1252, so other characters (emoji, CJK) are replaced — DOCX and HTML keep them.
 */

const PAGE = { margin: 56, body: 11, lineGap: 1.45 } as const;
const HEADING_SIZES = [18, 15, 13, 12, 11, 11] as const;
type Rgb = [number, number, number];
const TEXT_COLOR: Rgb = [17, 24, 39];
const LINK_COLOR: Rgb = [55, 48, 163];

// The characters of Windows-1252 beyond Latin-1, which the built-in fonts can draw.
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfSafeText(text: string): string {
  return Array.from(text)
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code === 0x2610) return '[ ]';
      if (code === 0x2611) return '[x]';
      if (code === 0x2022 || (code >= 0x20 && code <= 0xff) || ch === '\n' || ch === '\t' || CP1252_EXTRAS.has(ch)) return ch;
      return /\p{Extended_Pictographic}/u.test(ch) ? '' : '?';
    })
    .join('');
}

type Style = { bold?: boolean; italic?: boolean; code?: boolean; link?: string };
interface Word {
  text: string;
  style: Style;
  width: number;
  /** A line break follows this word. */
  breakAfter?: boolean;
}

class Layout {
  readonly pdf = new jsPDF({ unit: 'pt', format: 'a4' });
  readonly width = this.pdf.internal.pageSize.getWidth();
  readonly height = this.pdf.internal.pageSize.getHeight();
  y: number = PAGE.margin;

  font(style: Style, size: number) {
    const face = style.bold && style.italic ? 'bolditalic' : style.bold ? 'bold' : style.italic ? 'italic' : 'normal';
    this.pdf.setFont(style.code ? 'courier' : 'helvetica', style.code ? (style.bold ? 'bold' : 'normal') : face);
    this.pdf.setFontSize(size);
  }

  ensure(space: number) {
    if (this.y + space > this.height - PAGE.margin) {
      this.pdf.addPage();
      this.y = PAGE.margin;
    }
  }

  words(runs: Run[], size: number): Word[] {
    const words: Word[] = [];
    for (const run of runs) {
      const style: Style = { bold: run.bold, italic: run.italic, code: run.code, link: run.link };
      this.font(style, size);
      const lines = pdfSafeText(run.text).split('\n');
      lines.forEach((line, li) => {
        for (const piece of line.split(/(?<= )/)) {
          if (piece) words.push({ text: piece, style, width: this.pdf.getTextWidth(piece) });
        }
        if (li < lines.length - 1 && words.length) words.at(-1)!.breakAfter = true;
      });
    }
    return words;
  }

  /** Lays out runs from x to the right margin, wrapping words; returns nothing, advances y. */
  flow(runs: Run[], size: number, x: number, options: { color?: Rgb } = {}) {
    const lineHeight = size * PAGE.lineGap;
    const right = this.width - PAGE.margin;
    let line: Word[] = [];
    let lineWidth = 0;
    const flush = () => {
      this.ensure(lineHeight);
      let cx = x;
      for (const word of line) {
        this.font(word.style, size);
        const [r, g, b] = word.style.link ? LINK_COLOR : (options.color ?? TEXT_COLOR);
        this.pdf.setTextColor(r, g, b);
        this.pdf.text(word.text, cx, this.y + size);
        if (word.style.link) this.pdf.link(cx, this.y, word.width, size * 1.2, { url: word.style.link });
        cx += word.width;
      }
      this.y += lineHeight;
      line = [];
      lineWidth = 0;
    };
    for (const word of this.words(runs, size)) {
      if (lineWidth + word.width > right - x && line.length) flush();
      // A single word wider than the line is split by characters.
      if (word.width > right - x) {
        this.font(word.style, size);
        for (const part of this.pdf.splitTextToSize(word.text, right - x) as string[]) {
          line.push({ ...word, text: part, width: this.pdf.getTextWidth(part) });
          flush();
        }
        continue;
      }
      line.push(word);
      lineWidth += word.width;
      if (word.breakAfter) flush();
    }
    if (line.length) flush();
  }

  gap(points: number) {
    this.y += points;
  }

  block(block: Block, headingShift: number) {
    const body = PAGE.body;
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[Math.min(block.level - 1 + headingShift, 5)]!;
        this.ensure(size * 3);
        this.gap(size * 0.4);
        this.flow(
          block.runs.map((r) => ({ ...r, bold: true })),
          size,
          PAGE.margin,
        );
        this.gap(2);
        return;
      }
      case 'paragraph':
        this.flow(block.runs, body, PAGE.margin);
        this.gap(body * 0.5);
        return;
      case 'quote':
        this.flow(
          block.runs.map((r) => ({ ...r, italic: true })),
          body,
          PAGE.margin + 18,
          { color: [55, 65, 81] },
        );
        this.gap(body * 0.5);
        return;
      case 'listItem': {
        const indent = PAGE.margin + 14 + block.depth * 16;
        const marker = block.ordered ? `${block.index}.` : block.depth % 2 ? '-' : '•';
        const checkbox = block.checked === undefined ? [] : [{ text: block.checked ? '[x] ' : '[ ] ' }];
        this.ensure(body * PAGE.lineGap);
        this.font({}, body);
        this.pdf.setTextColor(17, 24, 39);
        this.pdf.text(marker, indent - 12 - (block.ordered ? this.pdf.getTextWidth(marker) - 6 : 0), this.y + body);
        this.flow([...checkbox, ...block.runs], body, indent + 4);
        this.gap(2);
        return;
      }
      case 'code': {
        const size = 9.5;
        for (const line of pdfSafeText(block.text).split('\n')) {
          this.ensure(size * PAGE.lineGap);
          this.pdf.setFillColor(243, 244, 246);
          this.pdf.rect(PAGE.margin, this.y, this.width - 2 * PAGE.margin, size * PAGE.lineGap, 'F');
          this.flow([{ text: line || ' ', code: true }], size, PAGE.margin + 6);
        }
        this.gap(body * 0.5);
        return;
      }
      case 'table': {
        const columns = Math.max(...block.rows.map((row) => row.length), 1);
        const colWidth = (this.width - 2 * PAGE.margin) / columns;
        for (const [r, row] of block.rows.entries()) {
          const top = this.y;
          let bottom = top;
          row.forEach((cell, c) => {
            this.y = top;
            this.flowCell(cell, r === 0, PAGE.margin + c * colWidth + 4, colWidth - 8);
            bottom = Math.max(bottom, this.y);
          });
          this.y = bottom + 2;
          this.pdf.setDrawColor(209, 213, 219);
          this.pdf.line(PAGE.margin, this.y, this.width - PAGE.margin, this.y);
          this.gap(2);
        }
        this.gap(body * 0.5);
        return;
      }
      case 'rule':
        this.ensure(12);
        this.pdf.setDrawColor(209, 213, 219);
        this.pdf.line(PAGE.margin, this.y + 6, this.width - PAGE.margin, this.y + 6);
        this.gap(14);
        return;
    }
  }

  /** A picture centred between the margins, at most the text's width and half a page tall. */
  image(image: ExportImage) {
    const textWidth = this.width - 2 * PAGE.margin;
    const { width, height } = fitImage(image, textWidth, (this.height - 2 * PAGE.margin) / 2);
    this.ensure(height);
    // FAST: jsPDF re-encodes a PNG's pixels; uncompressed, one picture would weigh megabytes.
    this.pdf.addImage(
      image.bytes,
      image.type === 'image/png' ? 'PNG' : 'JPEG',
      PAGE.margin + (textWidth - width) / 2,
      this.y,
      width,
      height,
      undefined,
      'FAST',
    );
    this.y += height;
  }

  private flowCell(text: string, bold: boolean, x: number, width: number) {
    this.font({ bold }, 10);
    this.pdf.setTextColor(17, 24, 39);
    for (const line of this.pdf.splitTextToSize(pdfSafeText(text), width) as string[]) {
      this.ensure(14);
      this.pdf.text(line, x, this.y + 10);
      this.y += 14;
    }
  }
}

/** The PDF file's bytes: title, subtitle, the picture, then each section with its heading. */
export function documentToPdf(doc: ExportDocument): ArrayBuffer {
  const layout = new Layout();
  layout.pdf.setProperties({ title: pdfSafeText(doc.title), creator: 'AI Vault' });
  layout.flow([{ text: doc.title, bold: true }], 22, PAGE.margin);
  if (doc.subtitle) layout.flow([{ text: doc.subtitle, italic: true }], 11, PAGE.margin, { color: [75, 85, 99] });
  if (doc.image) {
    layout.gap(10);
    layout.image(doc.image);
  }
  layout.gap(10);
  for (const section of doc.sections) {
    if (section.heading) {
      layout.ensure(60);
      layout.gap(8);
      layout.flow([{ text: section.heading, bold: true }], 16, PAGE.margin);
      layout.pdf.setDrawColor(229, 231, 235);
      layout.pdf.line(PAGE.margin, layout.y + 2, layout.width - PAGE.margin, layout.y + 2);
      layout.gap(10);
    }
    let previous: Block | undefined;
    for (const block of markdownBlocks(section.markdown)) {
      // Space between a list and what follows it, and between two lists.
      const listEnds = previous?.kind === 'listItem' && (block.kind !== 'listItem' || (block.first && block.depth === 0));
      if (listEnds) layout.gap(PAGE.body * 0.5);
      layout.block(block, section.heading ? 1 : 0);
      previous = block;
    }
  }
  return layout.pdf.output('arraybuffer');
}
