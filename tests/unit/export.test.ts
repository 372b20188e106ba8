import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '@/shared/export/blocks.ts';
import { exportDocument, markdownToPlainText, markdownToSafeHtml, slugFileName, type ExportDocument } from '@/shared/export/index.ts';
import { pdfSafeText } from '@/shared/export/pdf.ts';
import { documentToText } from '@/shared/export/text.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';

const OFFER: ExportDocument = {
  title: 'Launch Kit: 30-Day Creator Sprint!',
  subtitle: 'For creators who want their first paid product',
  sections: [
    {
      heading: 'Offer Hooks',
      markdown:
        '## Hooks that convert\n\n1. **Stop guessing** what to sell\n2. Ship in *30 days*\n\n- nested parent\n  - nested child\n- [x] done item\n\nSee [the guide](https://example.com/guide).',
    },
    {
      heading: 'Pricing Strategy',
      markdown: '| Tier | Price |\n| --- | --- |\n| Basic | $29 |\n| Pro | $99 |\n\n```\ncode line 1\ncode line 2\n```',
    },
    { heading: 'Emoji & symbols', markdown: 'Launch 🚀 with “quotes” — and a café €5 offer; 漢字 here.' },
  ],
};

async function docxXml(data: ArrayBuffer | string): Promise<string> {
  const zip = await JSZip.loadAsync(data as ArrayBuffer);
  return zip.file('word/document.xml')!.async('string');
}

async function pdfText(data: ArrayBuffer | string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array((data as ArrayBuffer).slice(0)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('markdown blocks', () => {
  it('keeps inline marks, list numbers and depth, checkboxes, tables and code', () => {
    const blocks = markdownBlocks(OFFER.sections[0]!.markdown + '\n\n' + OFFER.sections[1]!.markdown);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, runs: [{ text: 'Hooks that convert' }] });
    expect(blocks[1]).toEqual({
      kind: 'listItem',
      ordered: true,
      index: 1,
      depth: 0,
      first: true,
      runs: [{ text: 'Stop guessing', bold: true }, { text: ' what to sell' }],
    });
    expect(blocks.find((b) => b.kind === 'listItem' && b.depth === 1)).toMatchObject({ runs: [{ text: 'nested child' }] });
    expect(blocks.find((b) => b.kind === 'listItem' && b.checked === true)).toMatchObject({ runs: [{ text: 'done item' }] });
    expect(blocks.find((b) => b.kind === 'paragraph' && b.runs.some((r) => r.link))).toMatchObject({
      runs: [{ text: 'See ' }, { text: 'the guide', link: 'https://example.com/guide' }, { text: '.' }],
    });
    expect(blocks.find((b) => b.kind === 'table')).toEqual({
      kind: 'table',
      rows: [
        ['Tier', 'Price'],
        ['Basic', '$29'],
        ['Pro', '$99'],
      ],
    });
    expect(blocks.find((b) => b.kind === 'code')).toEqual({ kind: 'code', text: 'code line 1\ncode line 2' });
  });

  it('plain text drops markup but keeps list markers, one item per line', () => {
    expect(markdownToPlainText('# Title\n\nSome **bold** and _it_.\n\n- a\n- b\n\n1. one\n2. two')).toBe(
      'Title\n\nSome bold and it.\n\n- a\n- b\n\n1. one\n2. two',
    );
  });
});

describe('safe HTML', () => {
  it('never carries script, event handlers or javascript: links from AI output', () => {
    const html = markdownToSafeHtml('Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) **ok**');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('<strong>ok</strong>');
  });
});

describe('file names', () => {
  it('lowercases the title and turns every other character than letters and digits into _', () => {
    expect(slugFileName('Launch Kit: 30-Day Creator Sprint!')).toBe('launch_kit__30_day_creator_sprint_');
    expect(slugFileName('')).toBe('document');
  });
});

describe('exports of a whole offer', () => {
  it('DOCX: a valid Word file with the title, headings, list items, table cells and code', async () => {
    const file = await exportDocument(OFFER, 'docx');
    expect(file.fileName).toBe('launch_kit__30_day_creator_sprint_.docx');
    const xml = await docxXml(file.data);
    for (const text of [
      'Launch Kit: 30-Day Creator Sprint!',
      'Offer Hooks',
      'Stop guessing',
      'nested child',
      'Basic',
      '$99',
      'code line 2',
      'Launch 🚀',
      'café €5',
    ]) {
      expect(xml).toContain(text.replace('&', '&amp;'));
    }
    expect(xml).toContain('w:val="Heading1"');
    expect(xml).toContain('<w:b/>');
  });

  it('PDF: a valid PDF whose extracted text holds every section, characters outside the fonts replaced', async () => {
    const file = await exportDocument(OFFER, 'pdf');
    expect(file.mimeType).toBe('application/pdf');
    const text = await pdfText(file.data);
    for (const expected of [
      'Launch Kit: 30-Day Creator Sprint!',
      'Offer Hooks',
      'Stop guessing',
      'nested child',
      'Pricing Strategy',
      'Basic',
      'code line 2',
      'café €5',
      '“quotes”',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('🚀');
  });

  it('a long document flows onto several PDF pages without losing text', async () => {
    const long: ExportDocument = {
      title: 'Long',
      sections: [{ markdown: Array.from({ length: 120 }, (_, i) => `Paragraph ${i} ${'word '.repeat(30)}`).join('\n\n') }],
    };
    const file = await exportDocument(long, 'pdf');
    const pdf = await getDocumentProxy(new Uint8Array((file.data as ArrayBuffer).slice(0)));
    expect(pdf.numPages).toBeGreaterThan(5);
    expect(await pdfText(file.data)).toContain('Paragraph 119');
  });

  it('HTML, Markdown and text hold the same content', async () => {
    const html = (await exportDocument(OFFER, 'html')).data as string;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h2>Offer Hooks</h2>');
    expect(html).toContain('<td>$99</td>');
    const md = (await exportDocument(OFFER, 'md')).data as string;
    expect(
      md.startsWith('# Launch Kit: 30-Day Creator Sprint!\n\n_For creators who want their first paid product_\n\n## Offer Hooks'),
    ).toBe(true);
    const txt = documentToText(OFFER);
    expect(txt).toContain('--- Offer Hooks ---\nHooks that convert\n\n1. Stop guessing what to sell\n2. Ship in 30 days');
  });

  it('pdfSafeText keeps Windows-1252, drops emoji, marks other characters', () => {
    expect(pdfSafeText('a—b “c” €1 🚀 漢 ☑')).toBe('a—b “c” €1  ? [x]');
  });
});

describe('a picture under the title (an offer hero)', () => {
  const png = new Uint8Array(generateImage('image/png', 1536, 1024, 'hero'));
  const jpeg = new Uint8Array(generateImage('image/jpeg', 1024, 1536, 'portrait hero'));
  const withImage = (bytes: Uint8Array, type: 'image/png' | 'image/jpeg', width: number, height: number): ExportDocument => ({
    ...OFFER,
    image: { bytes, type, width, height, alt: 'Hero image of Launch Kit' },
  });
  const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

  it('DOCX: the PNG itself in word/media, drawn under the title at the text width, shape kept, with its alt text', async () => {
    const file = await exportDocument(withImage(png, 'image/png', 1536, 1024), 'docx');
    const zip = await JSZip.loadAsync(file.data as ArrayBuffer);
    const media = zip.file(/^word\/media\/.+\.png$/);
    expect(media).toHaveLength(1);
    expect(sameBytes(await media[0]!.async('uint8array'), png)).toBe(true);
    const xml = await zip.file('word/document.xml')!.async('string');
    // 600 × 400 px in EMU (9,525 a pixel): the page's text width, 3:2 kept.
    expect(xml).toContain('<wp:extent cx="5715000" cy="3810000"/>');
    expect(xml).toContain('descr="Hero image of Launch Kit"');
    expect(xml.indexOf('<wp:extent')).toBeGreaterThan(xml.indexOf('For creators who want their first paid product'));
    expect(xml.indexOf('<wp:extent')).toBeLessThan(xml.indexOf('Offer Hooks'));
  });

  it('DOCX: a portrait JPEG keeps its shape within the height limit', async () => {
    const file = await exportDocument(withImage(jpeg, 'image/jpeg', 1024, 1536), 'docx');
    const zip = await JSZip.loadAsync(file.data as ArrayBuffer);
    const media = zip.file(/^word\/media\/.+\.jpe?g$/);
    expect(media).toHaveLength(1);
    expect(sameBytes(await media[0]!.async('uint8array'), jpeg)).toBe(true);
    expect(await zip.file('word/document.xml')!.async('string')).toContain('<wp:extent cx="3810000" cy="5715000"/>');
  });

  it('PDF: an image XObject of the picture’s pixel size on the first page, the text still all there', async () => {
    const file = await exportDocument(withImage(png, 'image/png', 1536, 1024), 'pdf');
    const raw = Buffer.from(file.data as ArrayBuffer).toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image\s*\/Width 1536\s*\/Height 1024/);
    // Compressed: the 1-bit picture's raw pixels alone would be 196,608 bytes.
    expect(raw.length).toBeLessThan(150_000);
    const text = await pdfText(file.data);
    expect(text).toContain('Launch Kit: 30-Day Creator Sprint!');
    expect(text).toContain('Pricing Strategy');
    const jpegFile = await exportDocument(withImage(jpeg, 'image/jpeg', 1024, 1536), 'pdf');
    expect(Buffer.from(jpegFile.data as ArrayBuffer).toString('latin1')).toMatch(
      /\/Subtype \/Image\s*\/Width 1024\s*\/Height 1536[\s\S]*?\/Filter \/DCTDecode/,
    );
  });

  it('HTML embeds it as a data: address with its alt text; Markdown and plain text leave it out', async () => {
    const doc = withImage(png, 'image/png', 1536, 1024);
    const html = (await exportDocument(doc, 'html')).data as string;
    const tag =
      /<img class="picture" src="data:image\/png;base64,([A-Za-z0-9+/=]+)" alt="Hero image of Launch Kit" width="1536" height="1024">/.exec(
        html,
      );
    expect(tag).not.toBeNull();
    expect(sameBytes(new Uint8Array(Buffer.from(tag![1]!, 'base64')), png)).toBe(true);
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('<h2>Offer Hooks</h2>'));
    expect((await exportDocument(doc, 'md')).data).toBe((await exportDocument(OFFER, 'md')).data);
    expect((await exportDocument(doc, 'txt')).data).toBe((await exportDocument(OFFER, 'txt')).data);
  });
});
