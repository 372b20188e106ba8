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
  answer: 'Answer',
  openDocument: 'Open document',
  searchError: 'Error searching your knowledge base',
  rankedWith: (model: string) => `Passages ranked by meaning as well as words (embeddings: ${model}).`,
  hint: 'Answers come only from the documents in your knowledge base, and every fact names its source.',
} as const;

/** The instruction and numbered passages sent with a question (one user message). */
export function groundedPrompt(question: string, passages: readonly KnowledgePassage[]): string {
  const sources = passages.map((p, i) => `[${i + 1}] ${p.documentName}\n"""\n${p.content}\n"""`).join('\n\n');
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
