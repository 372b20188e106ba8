import { describe, expect, it } from 'vitest';
import { exportDocument } from '@/shared/export/index.ts';
import { extractText, type UploadLike } from '@/shared/files/extractText.ts';

/** Knowledge-base uploads: text comes out of real .docx and .pdf files (made by our own exports). */

const file = (name: string, data: ArrayBuffer | string, size?: number): UploadLike => {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data).buffer : data;
  return { name, size: size ?? bytes.byteLength, arrayBuffer: async () => bytes.slice(0) };
};

const DOC = {
  title: 'Brand voice',
  sections: [{ heading: 'Tone', markdown: 'Friendly and **direct**.\n\n- Short sentences\n- No jargon' }],
};

describe('extractText', () => {
  it('reads .txt and .md as they are', async () => {
    expect(await extractText(file('notes.md', '# Notes\r\n\r\n\r\n\r\nKeep it short.  \n'))).toEqual({
      ok: true,
      value: { kind: 'text', text: '# Notes\n\nKeep it short.' },
    });
  });

  it('reads a Word file', async () => {
    const docx = await exportDocument(DOC, 'docx');
    const result = await extractText(file('voice.docx', docx.data as ArrayBuffer));
    expect(result).toMatchObject({ ok: true, value: { kind: 'docx' } });
    expect(result.ok && result.value.text).toContain('Friendly and direct.');
    expect(result.ok && result.value.text).toContain('No jargon');
  });

  it('reads a PDF', async () => {
    const pdf = await exportDocument(DOC, 'pdf');
    const result = await extractText(file('voice.pdf', pdf.data as ArrayBuffer));
    expect(result).toMatchObject({ ok: true, value: { kind: 'pdf' } });
    expect(result.ok && result.value.text).toContain('Short sentences');
  });

  it('says why a file is refused', async () => {
    expect(await extractText(file('photo.png', 'x'))).toEqual({ ok: false, error: 'Choose a .txt, .md, .docx or .pdf file.' });
    expect(await extractText(file('big.txt', 'x', 11 * 1024 * 1024))).toEqual({
      ok: false,
      error: 'That file is too large (over 10 MB).',
    });
    expect(await extractText(file('broken.pdf', 'not a pdf'))).toEqual({
      ok: false,
      error: 'That PDF could not be read. Is it damaged or password-protected?',
    });
    expect(await extractText(file('empty.txt', '   \n '))).toEqual({ ok: false, error: 'No text was found in that file.' });
  });
});
