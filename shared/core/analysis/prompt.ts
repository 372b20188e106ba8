import { charsForMessage, contextWindowFor, estimateTokens, requestBudget } from '../conversations/budget.ts';
import { cutText } from '../text.ts';

/**
 * What Document Analysis sends: one user message asking for the analysis as JSON, with the
 * document's text, cut to the model's window by the same budget as conversations (the window
 * minus room for the answer). The conversation that follows starts from the same text.
 */

export interface AnalysedDocument {
  name: string;
  text: string;
}

/** The text that was sent, when it had to be cut to fit. */
interface Trimmed {
  sentChars: number;
  totalChars: number;
}

export interface AnalysisRequest {
  prompt: string;
  /** The document's text as sent (the conversation's first message quotes the same). */
  text: string;
  trimmed: Trimmed | null;
}

/** The first line every analysis prompt has (the fake provider knows the request by it). */
const TASK = 'Task: document-analysis';

const INSTRUCTIONS = [
  TASK,
  'Analyse the document below. Answer with one JSON object and nothing else, in this shape:',
  '{"summary": "…", "keyPoints": ["…"], "entities": [{"name": "…", "type": "person | organization | product | place | other"}], "questions": ["…"]}',
  '- summary: two to four sentences on what the document is and what it says.',
  '- keyPoints: its three to seven most important points, one sentence each.',
  '- entities: the people, organisations, products and places it names (at most 20), each once, with its type.',
  '- questions: three to five questions a reader could ask next about this document.',
  "Use only what the document says, in the document's language.",
].join('\n');

const fenced = (name: string, text: string) => `Document: ${name.trim() || 'Untitled'}\n"""\n${text}\n"""`;

/** The analysis prompt for a model: the whole text when it fits the model's window, else its start (and how much was left out). */
export function analysisRequest(doc: AnalysedDocument, model: string): AnalysisRequest {
  const skeleton = `${INSTRUCTIONS}\n\n${fenced(doc.name, '')}`;
  const room = charsForMessage(requestBudget(contextWindowFor(model)) - estimateTokens(skeleton));
  const cut = cutText(doc.text, room);
  return {
    prompt: `${INSTRUCTIONS}\n\n${fenced(doc.name, cut.text)}`,
    text: cut.text,
    trimmed: cut.truncated ? { sentChars: cut.text.length, totalChars: doc.text.length } : null,
  };
}

/** The conversation's first message: the document (as analysed) and what was asked of it, so follow-ups are answered from its text. */
export function analysisConversationPrompt(name: string, text: string): string {
  return `${fenced(name, text)}\n\nAnalyse this document: a summary, its key points, the people, organisations, products and places it names, and questions to ask about it. Then answer my questions about it from its text.`;
}
