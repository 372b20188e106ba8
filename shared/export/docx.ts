import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { markdownBlocks, type Block, type Run } from './blocks.ts';
import { fitImage, type ExportDocument, type ExportImage } from './model.ts';

/** DOCX with real Word headings, bullet and numbered lists, bold/italic/code runs and links. */

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const MONO = 'Consolas';

function children(runs: Run[]): ParagraphChild[] {
  return runs.map((run) => {
    const parts = run.text.split('\n');
    const text = new TextRun({
      children: parts.flatMap((part, i) => (i === 0 ? [part] : [new TextRun({ break: 1 }), part])) as never,
      bold: run.bold,
      italics: run.italic,
      strike: run.strike,
      font: run.code ? MONO : undefined,
      style: run.link ? 'Hyperlink' : undefined,
    });
    return run.link ? new ExternalHyperlink({ link: run.link, children: [text] }) : text;
  });
}

function blockParagraphs(block: Block, headingShift: number): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'heading':
      return [new Paragraph({ heading: HEADINGS[Math.min(block.level - 1 + headingShift, 5)], children: children(block.runs) })];
    case 'paragraph':
      return [new Paragraph({ children: children(block.runs), spacing: { after: 120 } })];
    case 'quote':
      return [new Paragraph({ children: children(block.runs.map((r) => ({ ...r, italic: true }))), indent: { left: 720 } })];
    case 'listItem': {
      const checkbox = block.checked === undefined ? [] : [{ text: block.checked ? '☑ ' : '☐ ' }];
      // Ordered items carry their own number (Word's numbering would restart or renumber them).
      if (block.ordered) {
        return [
          new Paragraph({
            children: children([{ text: `${block.index}.\t` }, ...checkbox, ...block.runs]),
            indent: { left: 720 * (block.depth + 1), hanging: 360 },
            tabStops: [{ type: 'left', position: 720 * (block.depth + 1) }],
          }),
        ];
      }
      return [
        new Paragraph({
          children: children([...checkbox, ...block.runs]),
          numbering: { reference: 'bullets', level: Math.min(block.depth, 8) },
        }),
      ];
    }
    case 'code':
      return block.text.split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, font: MONO, size: 20 })] }));
    case 'table':
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: block.rows.map(
            (row, r) =>
              new TableRow({
                children: row.map(
                  (cell) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: cell, bold: r === 0 })] })] }),
                ),
              }),
          ),
        }),
      ];
    case 'rule':
      return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'D1D5DB', space: 1 } }, children: [] })];
  }
}

/** Paragraphs for a markdown body; its headings sit below the section heading (shifted by `headingShift`). */
function markdownToDocxParagraphs(markdown: string, headingShift = 0): (Paragraph | Table)[] {
  return markdownBlocks(markdown).flatMap((block) => blockParagraphs(block, headingShift));
}

const bulletLevels = () =>
  Array.from({ length: 9 }, (_, level) => ({
    level,
    format: LevelFormat.BULLET,
    text: ['•', '◦', '▪'][level % 3]!,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));

/**
 * The page's text width in Word's pixels (96 to the inch): docx's default page is A4 (8.27 in) with
 * 1 in margins, 6.27 in between them. A picture is at most this wide, and at most 6.25 in tall so a
 * portrait one leaves room for the first section.
 */
const TEXT_WIDTH_PX = 600;
const IMAGE_MAX_HEIGHT_PX = 600;

function imageParagraph(image: ExportImage): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: 120, after: 240 },
    children: [
      new ImageRun({
        type: image.type === 'image/png' ? 'png' : 'jpg',
        data: image.bytes,
        transformation: fitImage(image, TEXT_WIDTH_PX, IMAGE_MAX_HEIGHT_PX),
        altText: { name: image.alt, description: image.alt, title: image.alt },
      }),
    ],
  });
}

function documentToDocxFile(doc: ExportDocument): Document {
  const body: (Paragraph | Table)[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] })];
  if (doc.subtitle) body.push(new Paragraph({ children: [new TextRun({ text: doc.subtitle, italics: true, color: '4B5563' })] }));
  if (doc.image) body.push(imageParagraph(doc.image));
  for (const section of doc.sections) {
    if (section.heading) body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.heading)] }));
    body.push(...markdownToDocxParagraphs(section.markdown, section.heading ? 1 : 0));
  }
  return new Document({
    title: doc.title,
    creator: 'AI Vault',
    numbering: {
      config: [{ reference: 'bullets', levels: bulletLevels() }],
    },
    sections: [{ children: body }],
  });
}

/** The DOCX file's bytes. */
export async function documentToDocx(doc: ExportDocument): Promise<ArrayBuffer> {
  return Packer.toArrayBuffer(documentToDocxFile(doc));
}
