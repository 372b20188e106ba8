import type { Root, RootContent, PhrasingContent, ListItem } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/**
 * AI output and user text are markdown. Every export format (DOCX, PDF, plain text) renders the
 * same flat list of blocks parsed here, so all formats agree on what a document contains.
 * Raw HTML in the markdown is kept as literal text, never interpreted.
 */

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  link?: string;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | {
      kind: 'listItem';
      ordered: boolean;
      index: number;
      depth: number;
      runs: Run[];
      checked?: boolean;
      /** First item of its list. */ first?: boolean;
    }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; runs: Run[] }
  | { kind: 'table'; rows: string[][] }
  | { kind: 'rule' };

const parser = unified().use(remarkParse).use(remarkGfm);

function parseMarkdown(markdown: string): Root {
  return parser.runSync(parser.parse(markdown)) as Root;
}

type Marks = Omit<Run, 'text'>;

function runsOf(nodes: PhrasingContent[], marks: Marks = {}): Run[] {
  const runs: Run[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        runs.push({ ...marks, text: node.value });
        break;
      case 'strong':
        runs.push(...runsOf(node.children, { ...marks, bold: true }));
        break;
      case 'emphasis':
        runs.push(...runsOf(node.children, { ...marks, italic: true }));
        break;
      case 'delete':
        runs.push(...runsOf(node.children, { ...marks, strike: true }));
        break;
      case 'inlineCode':
        runs.push({ ...marks, code: true, text: node.value });
        break;
      case 'link':
        runs.push(...runsOf(node.children, { ...marks, link: node.url }));
        break;
      case 'break':
        runs.push({ ...marks, text: '\n' });
        break;
      case 'html':
        runs.push({ ...marks, text: node.value });
        break;
      default:
        runs.push({ ...marks, text: toString(node) });
    }
  }
  return mergeRuns(runs);
}

/** Adjacent runs with the same marks become one (smaller DOCX/PDF output, simpler tests). */
function mergeRuns(runs: Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    const { text: _lastText, ...lastMarks } = last ?? { text: '' };
    const { text, ...marks } = run;
    if (last && JSON.stringify(lastMarks) === JSON.stringify(marks)) last.text += text;
    else if (text) merged.push({ ...run });
  }
  return merged;
}

function listBlocks(items: ListItem[], ordered: boolean, start: number, depth: number): Block[] {
  const blocks: Block[] = [];
  items.forEach((item, i) => {
    const [first, ...rest] = item.children;
    const runs = first && first.type === 'paragraph' ? runsOf(first.children) : first ? [{ text: toString(first) }] : [];
    const checked = item.checked ?? undefined;
    blocks.push({
      kind: 'listItem',
      ordered,
      index: start + i,
      depth,
      runs,
      ...(checked === undefined ? {} : { checked }),
      ...(i === 0 ? { first: true } : {}),
    });
    for (const child of rest) blocks.push(...blocksOf(child, depth + 1));
  });
  return blocks;
}

function blocksOf(node: RootContent, depth = 0): Block[] {
  switch (node.type) {
    case 'heading':
      return [{ kind: 'heading', level: node.depth, runs: runsOf(node.children) }];
    case 'paragraph':
      return [{ kind: 'paragraph', runs: runsOf(node.children) }];
    case 'list':
      return listBlocks(node.children, Boolean(node.ordered), node.start ?? 1, depth);
    case 'code':
      return [{ kind: 'code', text: node.value }];
    case 'blockquote':
      return node.children
        .flatMap((child) => blocksOf(child, depth))
        .map((block) => (block.kind === 'paragraph' ? { kind: 'quote' as const, runs: block.runs } : block));
    case 'table':
      return [{ kind: 'table', rows: node.children.map((row) => row.children.map((cell) => toString(cell))) }];
    case 'thematicBreak':
      return [{ kind: 'rule' }];
    case 'html':
      return node.value.trim() ? [{ kind: 'paragraph', runs: [{ text: node.value }] }] : [];
    default: {
      const text = toString(node);
      return text.trim() ? [{ kind: 'paragraph', runs: [{ text }] }] : [];
    }
  }
}

/** The blocks of a markdown text, in reading order (nested lists carry their depth). */
export function markdownBlocks(markdown: string): Block[] {
  return parseMarkdown(markdown).children.flatMap((node) => blocksOf(node));
}

export const runsText = (runs: Run[]): string => runs.map((run) => run.text).join('');
