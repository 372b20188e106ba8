import { describe, expect, it } from 'vitest';
import {
  defaultDeliverable,
  deliverableFileName,
  isDocumentFormat,
  linkPageHtml,
  productLink,
  receiptMail,
  uploadedFileName,
} from '@/shared/core/storefront.ts';
import { renderDeliverable } from '@/supabase/functions/_shared/deliverables.ts';

const product = { id: '00000000-0000-4000-8000-000000000001', name: 'Launch Checklist', product_summary: 'A one-page plan.' };

describe('what a product is delivered as', () => {
  it('documents default to PDF; videos and links to a page with the link', () => {
    expect(defaultDeliverable('document')).toBe('pdf');
    expect(defaultDeliverable('video')).toBe('html');
    expect(defaultDeliverable('url')).toBe('html');
    expect(isDocumentFormat('docx')).toBe(true);
    expect(isDocumentFormat('txt')).toBe(false);
  });

  it('names files after the product, spaces as underscores, without folders', () => {
    expect(deliverableFileName('Launch Checklist', 'pdf')).toBe('Launch_Checklist.pdf');
    expect(deliverableFileName(' a/b\\c ', 'docx')).toBe('abc.docx');
    expect(deliverableFileName('   ', 'html')).toBe('product.html');
    expect(deliverableFileName('Tab\tname\n', 'pdf')).toBe('Tabname.pdf');
    expect(uploadedFileName('C:\\Users\\me\\Guide v2.zip')).toBe('Guide v2.zip');
    expect(uploadedFileName('../..')).toBe('file');
  });

  it('renders a document to a real PDF or DOCX', async () => {
    const pdf = await renderDeliverable({ ...product, content: '# Plan\n\nStep **1**', product_type: 'document' }, 'pdf');
    expect(pdf).toMatchObject({ fileName: 'Launch_Checklist.pdf', contentType: 'application/pdf' });
    expect(
      Buffer.from(pdf.data as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const docx = await renderDeliverable({ ...product, content: 'Step 1', product_type: 'document' }, 'docx');
    expect(docx.fileName).toBe('Launch_Checklist.docx');
    // A DOCX is a zip archive.
    expect(
      Buffer.from(docx.data as ArrayBuffer)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('delivers a video or link as an HTML page linking to it, escaped', async () => {
    const page = await renderDeliverable(
      { ...product, name: 'Demo <video>', content: 'Watch: https://video.example/demo?a=1&b=2.', product_type: 'video' },
      'html',
    );
    expect(page).toMatchObject({ fileName: 'Demo_<video>.html', contentType: 'text/html; charset=utf-8' });
    expect(page.data).toContain('<a href="https://video.example/demo?a=1&amp;b=2" rel="noopener noreferrer">Watch the video</a>');
    expect(page.data).toContain('<title>Demo &lt;video&gt;</title>');
    expect(productLink('see (https://x.example/a).')).toBe('https://x.example/a');
    expect(productLink('no link here')).toBeNull();
    expect(linkPageHtml({ name: 'L', summary: null, content: '<b>notes</b>', type: 'url' })).toContain(
      '<pre>&lt;b&gt;notes&lt;/b&gt;</pre>',
    );
  });
});

describe('the receipt mail', () => {
  it('says what was bought, the amount and the download link', () => {
    const mail = receiptMail({
      productName: 'Launch Checklist',
      amountTotal: 2900,
      currency: 'usd',
      downloadUrl: 'http://shop.test/d?x=1&y=2',
    });
    expect(mail.subject).toBe('Your receipt: Launch Checklist');
    expect(mail.text).toContain('Amount paid: $29.00');
    expect(mail.text).toContain('Download it here: http://shop.test/d?x=1&y=2');
    expect(mail.html).toContain('<a href="http://shop.test/d?x=1&amp;y=2">Download Launch Checklist</a>');
    expect(receiptMail({ productName: 'P', amountTotal: null, currency: null, downloadUrl: 'u' }).text).not.toContain('Amount paid');
  });
});
