// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoticeInput } from '@/shared/ui/notices.tsx';

/** The offer builder's downloads and copy: the notices on success and failure. */

const exportDocument = vi.fn();
vi.mock('@/shared/export/index.ts', () => ({ exportDocument: (...args: unknown[]) => exportDocument(...args) }));
const downloadFile = vi.fn();
vi.mock('@/shared/ui/download.ts', () => ({ downloadFile: (...args: unknown[]) => downloadFile(...args) }));

const { copyText, downloadOffer } = await import('@/web/pages/offers/offerFiles.ts');
const DOC = { title: 'Creator Sprint', sections: [{ markdown: 'x' }] };

afterEach(() => {
  vi.clearAllMocks();
});

describe('downloads', () => {
  it('saves the exported file under the given name', async () => {
    exportDocument.mockResolvedValue({ fileName: 'creator_sprint.docx', mimeType: 'application/x', data: new ArrayBuffer(3) });
    const notices: NoticeInput[] = [];
    await downloadOffer(DOC, 'docx', 'creator_sprint', (n) => notices.push(n));
    expect(exportDocument).toHaveBeenCalledWith(DOC, 'docx', 'creator_sprint');
    expect(downloadFile).toHaveBeenCalledWith(expect.any(ArrayBuffer), 'creator_sprint.docx', 'application/x');
    expect(notices).toEqual([]);
  });

  it.each([
    ['docx', { title: 'Error generating DOCX', description: 'There was an issue creating the DOCX file.', variant: 'destructive' }],
    ['pdf', { title: 'Error generating PDF', description: 'There was an issue creating the PDF file.', variant: 'destructive' }],
    ['html', { title: 'Error generating HTML', description: 'There was an issue creating the HTML file.', variant: 'destructive' }],
  ] as const)('a failed %s export says so (destructive) and saves nothing', async (format, notice) => {
    exportDocument.mockRejectedValue(new Error('boom'));
    const notices: NoticeInput[] = [];
    await downloadOffer(DOC, format, 'creator_sprint', (n) => notices.push(n));
    expect(notices).toEqual([notice]);
    expect(downloadFile).not.toHaveBeenCalled();
  });
});

describe('copy', () => {
  it("writes the text and shows the caller's success notice", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const notices: NoticeInput[] = [];
    await copyText('--- Offer Hooks ---', '✅ Entire offer copied to clipboard!', (n) => notices.push(n));
    expect(writeText).toHaveBeenCalledWith('--- Offer Hooks ---');
    expect(notices).toEqual([{ title: '✅ Entire offer copied to clipboard!' }]);
  });

  it('a refused clipboard is a destructive notice, not a false success', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    const notices: NoticeInput[] = [];
    await copyText('x', '✅ Copied to clipboard!', (n) => notices.push(n));
    expect(notices).toEqual([expect.objectContaining({ title: 'Copy failed', variant: 'destructive' })]);
  });
});
