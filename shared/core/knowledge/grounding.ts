/**
 * Answers grounded in the user's knowledge base: the passages retrieved for a question are
 * numbered in the prompt, the model cites them as [1], [2] …, and the screen maps each citation
 * back to its document. Pure.
 */

export interface KnowledgePassage {
  chunkId: string;
  documentId: string;
  documentName: string;
  position: number;
  content: string;
  rank: number;
}

/** A row of match_knowledge, the one retrieval signature. */
export interface MatchedRow {
  chunk_id: string;
  document_id: string;
  document_name: string;
  position: number;
  content: string;
  rank: number;
}

export const passageFrom = (row: MatchedRow): KnowledgePassage => ({
  chunkId: row.chunk_id,
  documentId: row.document_id,
  documentName: row.document_name,
  position: row.position,
  content: row.content,
  rank: row.rank,
});

/** Which part of the knowledge base to search: all of it, the documents outside folders, or one folder. */
export type KnowledgeScope = { kind: 'all' } | { kind: 'uncategorized' } | { kind: 'folder'; folderId: string };

/** A scope as sent over the wire, or null when the value is not one. */
export function knowledgeScopeFrom(value: unknown): KnowledgeScope | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, folderId } = value as { kind?: unknown; folderId?: unknown };
  if (kind === 'all' || kind === 'uncategorized') return { kind };
  if (kind === 'folder' && typeof folderId === 'string' && /^[0-9a-f-]{36}$/i.test(folderId)) return { kind, folderId };
  return null;
}

/** A cited source as the screen lists it: its number in the answer, its document and passage. */
export interface Citation {
  number: number;
  passage: KnowledgePassage;
}

export const KNOWLEDGE_TEXTS = {
  askLabel: 'Ask your knowledge base',
  askPlaceholder: 'e.g. What does the Pro plan include, and what does it cost?',
  ask: 'Ask',
  emptyQuestion: 'Type a question first.',
  searching: 'Searching your knowledge base',
  noPassages: 'Nothing in your knowledge base matches this question. Add documents on the Knowledge Base page, or ask in other words.',
  sources: 'Sources',
  /** Sent after the passages when the provider searches the web itself. */
  alsoSearchTheWeb: 'Where the sources above do not answer the question, search the web, and cite what you take from it too.',
  answer: 'Answer',
  openDocument: 'Open document',
  searchError: 'Error searching your knowledge base',
  rankedWith: (model: string) => `Passages ranked by meaning as well as words (embeddings: ${model}).`,
  hint: 'Answers come only from the documents in your knowledge base, and every fact names its source.',
  useLabel: 'Knowledge base',
  dontUse: "Don't use",
  allDocuments: 'All documents',
  uncategorized: 'Uncategorized',
  useHelp: 'The passages that best match the prompt are sent with it, and the answer cites them.',
  emptyBase: 'Your knowledge base is empty: add documents to ground answers in them.',
  openKnowledgeBase: 'Open the Knowledge Base',
  groundedWith: (count: number) => `Grounded in ${count} passage${count === 1 ? '' : 's'} from your knowledge base.`,
  badScope: 'Choose all documents, the uncategorized ones or one folder of your knowledge base.',
  nothingMatched: 'Nothing in your knowledge base matched this prompt; it was sent without it.',
} as const;

/** The longest retrieval query: a long prompt's first part says what it is about, and full-text search slows with every term. */
export const RETRIEVAL_QUERY_MAX = 2000;

/** What to search the knowledge base with for a prompt: its text, cut at a word near the limit. */
export function retrievalQuery(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= RETRIEVAL_QUERY_MAX) return flat;
  const cut = flat.slice(0, RETRIEVAL_QUERY_MAX);
  const space = cut.lastIndexOf(' ');
  return space > RETRIEVAL_QUERY_MAX / 2 ? cut.slice(0, space) : cut;
}

/**
 * A task (a prompt to run, a document to write) with the passages retrieved for it: unlike a
 * question, the task may go beyond the sources, but what it takes from them is cited.
 */
export function groundedTask(task: string, passages: readonly KnowledgePassage[]): string {
  if (!passages.length) return task;
  return [
    task.trim(),
    '',
    '---',
    'Use the sources below from my knowledge base where they are relevant. Cite every fact taken from them with the number of its source in square brackets, like [1] or [2][3]. Do not invent facts about my products or business that the sources do not give.',
    '',
    `Sources:\n\n${numberedSources(passages)}`,
  ].join('\n');
}

/** The passages numbered from 1, each under its document's name, quoted. */
function numberedSources(passages: readonly KnowledgePassage[]): string {
  return passages.map((p, i) => `[${i + 1}] ${p.documentName}\n"""\n${p.content}\n"""`).join('\n\n');
}

/** The instruction and numbered passages sent with a question (one user message). */
export function groundedPrompt(question: string, passages: readonly KnowledgePassage[]): string {
  const sources = numberedSources(passages);
  return [
    'Answer the question using only the sources below. Cite every fact with the number of its source in square brackets, like [1] or [2][3].',
    'If the sources do not contain the answer, say so plainly instead of guessing.',
    '',
    `Sources:\n\n${sources}`,
    '',
    `Question: ${question.trim()}`,
  ].join('\n');
}

/** The sources an answer cites, in the order first cited; numbers outside the passages are ignored. */
export function citationsIn(answer: string, passages: readonly KnowledgePassage[]): Citation[] {
  const seen = new Set<number>();
  const cited: Citation[] = [];
  for (const match of answer.matchAll(/\[(\d{1,3})\]/g)) {
    const number = Number(match[1]);
    const passage = passages[number - 1];
    if (!passage || seen.has(number)) continue;
    seen.add(number);
    cited.push({ number, passage });
  }
  return cited;
}
