import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { base64OfBytes } from '../core/images/pictureFile.ts';
import type { ExportDocument, ExportImage } from './model.ts';
import { escapeHtml } from '../core/text.ts';

/**
 * Markdown → safe HTML: raw HTML in the markdown is dropped (remark-rehype without
 * allowDangerousHtml) and the result is sanitized (GitHub's schema), so AI output can never
 * carry script into an exported file.
 */
const toHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);

export function markdownToSafeHtml(markdown: string): string {
  return String(toHtml.processSync(markdown));
}

const STYLE = `
  body { font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #111827;
    line-height: 1.6; max-width: 780px; margin: 40px auto; padding: 0 20px; }
  h1 { font-size: 2rem; margin-bottom: 0.25rem; } .subtitle { color: #4B5563; margin-top: 0; }
  section { border-top: 1px solid #E5E7EB; margin-top: 2rem; padding-top: 1rem; }
  pre { background: #F3F4F6; padding: 12px; border-radius: 8px; overflow-x: auto; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  table { border-collapse: collapse; } td, th { border: 1px solid #D1D5DB; padding: 4px 8px; }
  blockquote { border-left: 4px solid #C7D2FE; margin-left: 0; padding-left: 12px; color: #374151; }
  .picture { display: block; max-width: 100%; height: auto; margin: 1rem auto 0; border-radius: 8px; }`;

/** The picture inside the file (a data: address), so the page shows it offline and alone. */
const imageTag = (image: ExportImage) =>
  `<img class="picture" src="data:${image.type};base64,${base64OfBytes(image.bytes)}" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}">\n`;

/** A standalone HTML file: title, subtitle, the picture, one <section> per section. */
export function documentToHtml(doc: ExportDocument): string {
  const sections = doc.sections
    .map((section) => {
      const heading = section.heading ? `<h2>${escapeHtml(section.heading)}</h2>\n` : '';
      return `<section>\n${heading}${markdownToSafeHtml(section.markdown)}\n</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>
<style>${STYLE}
</style>
</head>
<body>
<h1>${escapeHtml(doc.title)}</h1>
${doc.subtitle ? `<p class="subtitle">${escapeHtml(doc.subtitle)}</p>\n` : ''}${doc.image ? imageTag(doc.image) : ''}${sections}
</body>
</html>
`;
}
