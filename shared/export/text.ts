import { markdownBlocks, runsText, type Block } from './blocks.ts';
import type { ExportDocument } from './model.ts';

/** Markdown → readable plain text: no markup characters, list markers and indentation kept. */
export function markdownToPlainText(markdown: string): string {
  const blocks = markdownBlocks(markdown);
  // Items of one list (and its nested lists) stay on consecutive lines; other blocks are separated by a blank line.
  const sameList = (block: Block, previous: Block | undefined) =>
    block.kind === 'listItem' && previous?.kind === 'listItem' && !(block.first && block.depth === 0);
  return blocks
    .map((block, i) => (i === 0 ? '' : sameList(block, blocks[i - 1]) ? '\n' : '\n\n') + blockText(block))
    .join('')
    .trim();
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return runsText(block.runs);
    case 'quote':
      return runsText(block.runs).replace(/^/gm, '> ');
    case 'listItem': {
      const marker = block.checked === undefined ? (block.ordered ? `${block.index}.` : '-') : block.checked ? '[x]' : '[ ]';
      return `${'  '.repeat(block.depth)}${marker} ${runsText(block.runs)}`;
    }
    case 'code':
      return block.text;
    case 'table':
      return block.rows.map((row) => row.join('\t')).join('\n');
    case 'rule':
      return '—';
  }
}

/** Title, subtitle, then each section under a '--- heading ---' line (a picture is left out: words only). */
export function documentToText(doc: ExportDocument): string {
  const parts = [doc.title, doc.subtitle].filter(Boolean) as string[];
  for (const section of doc.sections) {
    parts.push([section.heading ? `--- ${section.heading} ---` : null, markdownToPlainText(section.markdown)].filter(Boolean).join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

/** The document as one markdown file (title as # heading, sections as ## headings; a picture is left out, as in plain text). */
export function documentToMarkdown(doc: ExportDocument): string {
  const parts = [`# ${doc.title}`];
  if (doc.subtitle) parts.push(`_${doc.subtitle}_`);
  for (const section of doc.sections) {
    parts.push([section.heading ? `## ${section.heading}` : null, section.markdown.trim()].filter(Boolean).join('\n\n'));
  }
  return `${parts.join('\n\n')}\n`;
}
