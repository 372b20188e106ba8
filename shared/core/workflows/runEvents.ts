import type { KnowledgePassage } from '../knowledge/grounding.ts';

/**
 * What a workflow run streams while it goes (the run-workflow Edge Function's server-sent events)
 * and how a for-each step's items are stored. Shared by the server and both front ends.
 */

/** One item of a for-each step. */
export interface RunItem {
  input: string;
  output: string;
  status: 'done' | 'failed' | 'stopped';
  error: string | null;
}

export type RunEvent =
  | { type: 'run'; runId: string; status: 'running'; from: number }
  | { type: 'step'; position: number; status: 'running'; prompt: string; items?: string[] }
  | { type: 'delta'; position: number; item?: number; text: string }
  | { type: 'item'; position: number; item: number; status: RunItem['status']; output: string; error: string | null }
  | {
      type: 'step-end';
      position: number;
      status: 'done' | 'failed' | 'stopped';
      output: string;
      error: string | null;
      passages: KnowledgePassage[];
    }
  | { type: 'end'; status: 'done' | 'failed' | 'stopped'; error: string | null };
