import type { KnowledgePassage, KnowledgeScope } from '@/shared/core/knowledge/grounding.ts';
import type { SearchProviderId, WebSource } from '@/shared/core/webSearch.ts';
import type { RunEvent, StepWeb } from '@/shared/core/workflows/runEvents.ts';
import type { Db } from '../db.ts';
import type { LeasedRun } from './store.ts';
import type { RunTarget } from './segments.ts';

// What every step of a segment works with (runner.ts, imageStep.ts): the run, its owner and
// target, the outputs so far, the segment's signals, and how a step ends.

export type KnowledgeSearch = (query: string, scope: KnowledgeScope) => Promise<KnowledgePassage[] | string>;

/**
 * A step's search with the owner's search service (its usage row tied to the step): the sources
 * numbered from 1, or the sentence of its failure (no key saved, a refused key, a service down).
 */
export type WebSearch = (query: string, stepIndex: number) => Promise<{ path: SearchProviderId; sources: WebSource[] } | string>;

/** The segment lost its run: another segment took it over after its lease expired. Nothing more is written. */
export class LeaseLost extends Error {}

export interface StepContext {
  db: Db;
  held: LeasedRun;
  /** The run's owner and id: each provider call records a usage row for them (workflow_step, the step's index). */
  owner: string;
  runId: string;
  /** The usage rows being written, waited for before the segment ends. */
  usageWrites: Promise<unknown>[];
  target: RunTarget;
  fieldValues: Record<string, string>;
  outputs: Record<string, string>;
  searchKnowledge: KnowledgeSearch;
  searchWeb: WebSearch;
  /** Aborted when the segment must stop what it is doing (the caller left, the time is up, the lease is lost). */
  signal: AbortSignal;
  /** Aborted when the segment must not start anything new (also at the soft deadline). */
  noNewWork: AbortSignal;
  emit: (event: RunEvent) => void;
}

export type StepEnd = {
  status: 'done' | 'failed' | 'stopped';
  output: string;
  error: string | null;
  errorKind: string | null;
  passages: KnowledgePassage[];
  /** An image step's kept picture. */
  imageId?: string;
  /** A step that searched the web: what it found and how. */
  web?: StepWeb | null;
};

/** A fenced write: a write refused because the lease moved on ends the segment. */
export async function save(ctx: StepContext, write: Promise<boolean>): Promise<void> {
  if (!(await write)) throw new LeaseLost();
}
