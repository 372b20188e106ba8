import { z } from 'zod';
import type { KnowledgePassage } from '../knowledge/grounding.ts';
import type { WebSearchPath, WebSource } from '../webSearch.ts';

/**
 * What a workflow run streams while it goes (the run-workflow Edge Function's server-sent events)
 * and how a for-each step's items are stored. Shared by the server and both front ends.
 */

const runItem = z.object({
  /** Where the item is in its step's list (saved as each item ends, in any order); older runs have none. */
  index: z.number().int().nonnegative().optional(),
  input: z.string(),
  output: z.string(),
  status: z.enum(['done', 'failed', 'stopped']),
  error: z.string().nullable(),
});

/** One item of a for-each step. */
export type RunItem = z.infer<typeof runItem>;

/** The web sources a step was sent with (or its provider's search found) and the path that found them. */
export interface StepWeb {
  path: WebSearchPath;
  sources: WebSource[];
}

const passage = z.object({
  chunkId: z.string(),
  documentId: z.string(),
  documentName: z.string(),
  position: z.number(),
  content: z.string(),
  rank: z.number(),
});

/** A step's stored items and passages as read back (anything unreadable is left out rather than trusted). */
export const storedItems = (value: unknown): RunItem[] => z.array(runItem).catch([]).parse(value);
export const storedPassages = (value: unknown): KnowledgePassage[] => z.array(passage).catch([]).parse(value);

export type RunEvent =
  | { type: 'run'; runId: string; status: 'running'; from: number }
  /** `web`: the sources a step searched for before it asked (with the user's search service). */
  | { type: 'step'; position: number; status: 'running'; prompt: string; items?: string[]; web?: StepWeb | null }
  | { type: 'delta'; position: number; item?: number; text: string }
  | { type: 'item'; position: number; item: number; status: RunItem['status']; output: string; error: string | null }
  | {
      type: 'step-end';
      position: number;
      status: 'done' | 'failed' | 'stopped';
      output: string;
      error: string | null;
      passages: KnowledgePassage[];
      /** An image step's picture (generated_images id), once it is kept. */
      imageId?: string | null;
      /** A step that searched the web: its sources and the path used. */
      web?: StepWeb | null;
    }
  /**
   * The segment's end. `interrupted`: the server's time for this request was spent before the run
   * ended; what finished is saved and the run goes on with `continue` (shared/core/workflows/resume.ts).
   */
  | { type: 'end'; status: 'done' | 'failed' | 'stopped' | 'interrupted'; error: string | null };
