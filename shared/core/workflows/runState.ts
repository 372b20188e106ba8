import type { ExportDocument } from '../../export/model.ts';
import type { KnowledgePassage } from '../knowledge/grounding.ts';
import type { WorkflowDefinition } from './definition.ts';
import type { RunEvent, StepWeb } from './runEvents.ts';

/**
 * A workflow run as a screen shows it: built from the stored run, then moved on by each streamed
 * event (the text of a running step or item grows as it arrives). Pure, so the dashboard and the
 * side panel show the same thing and it is unit-tested.
 */

export type LiveStatus = 'pending' | 'running' | 'done' | 'failed' | 'stopped';

export interface LiveItem {
  input: string;
  output: string;
  status: LiveStatus;
  error: string | null;
}

export interface LiveStep {
  position: number;
  name: string;
  kind: 'prompt' | 'for_each' | 'image';
  status: LiveStatus;
  /** What was sent (a for-each step: its prompt before each item goes in); '' before it ran. */
  prompt: string;
  output: string;
  error: string | null;
  items: LiveItem[];
  passages: KnowledgePassage[];
  edited: boolean;
  /** The picture an image step made (generated_images), or null (none yet, or deleted from the gallery since). */
  imageId?: string | null;
  /** The web sources a step searched for, or null (it did not search). */
  web?: StepWeb | null;
}

export interface LiveRun {
  runId: string | null;
  /** interrupted: the run was cut off before it ended (resume.ts); what finished is saved and it can be resumed. */
  status: 'idle' | 'running' | 'done' | 'failed' | 'stopped' | 'interrupted';
  error: string | null;
  steps: LiveStep[];
}

const pendingStep = (step: WorkflowDefinition['steps'][number], position: number): LiveStep => ({
  position,
  name: step.name,
  kind: step.kind,
  status: 'pending',
  prompt: '',
  output: '',
  error: null,
  items: [],
  passages: [],
  edited: false,
  imageId: null,
  web: null,
});

/** A run not started yet: every step pending. */
export const idleRun = (definition: WorkflowDefinition): LiveRun => ({
  runId: null,
  status: 'idle',
  error: null,
  steps: definition.steps.map(pendingStep),
});

/** A stored for-each step's items in their places (each saved with its index as it ended; the others still to run). */
function placedItems(items: readonly (LiveItem & { index?: number })[]): LiveItem[] {
  if (!items.some((i) => i.index !== undefined)) return items.map(({ input, output, status, error }) => ({ input, output, status, error }));
  const placed: LiveItem[] = [];
  items.forEach(
    (item, i) => (placed[item.index ?? i] = { input: item.input, output: item.output, status: item.status, error: item.error }),
  );
  return Array.from(placed, (item) => item ?? { input: '', output: '', status: 'pending', error: null });
}

/** A stored run (from the history) as the screen shows it; `status` is its phase (runPhase: a run cut off is interrupted). */
export function storedRun(run: {
  id: string;
  status: LiveRun['status'];
  error: string | null;
  steps: {
    position: number;
    name: string;
    kind: LiveStep['kind'];
    status: LiveStatus;
    prompt: string;
    output: string;
    error: string | null;
    items: (LiveItem & { index?: number })[];
    passages: KnowledgePassage[];
    editedAt: string | null;
    imageId?: string | null;
    web?: StepWeb | null;
  }[];
}): LiveRun {
  return {
    runId: run.id,
    status: run.status,
    error: run.error,
    steps: cutShort(
      run.status,
      run.steps.map(({ editedAt, items, imageId, web, ...s }) => ({
        ...s,
        items: placedItems(items),
        edited: editedAt !== null,
        imageId: imageId ?? null,
        web: web ?? null,
      })),
    ),
  };
}

/** A run cut off leaves its running step (and items) as they were when it stopped: shown stopped, not still going. */
function cutShort(status: LiveRun['status'], steps: LiveStep[]): LiveStep[] {
  if (status !== 'interrupted') return steps;
  const stopped = <T extends { status: LiveStatus }>(x: T): T => (x.status === 'running' ? { ...x, status: 'stopped' } : x);
  return steps.map((s) => stopped({ ...s, items: s.items.map(stopped) }));
}

const withStep = (state: LiveRun, position: number, change: (step: LiveStep) => LiveStep): LiveRun => ({
  ...state,
  steps: state.steps.map((s) => (s.position === position ? change(s) : s)),
});

export function applyRunEvent(state: LiveRun, event: RunEvent): LiveRun {
  switch (event.type) {
    case 'run':
      return {
        runId: event.runId,
        status: 'running',
        error: null,
        steps: state.steps.map((s) =>
          s.position >= event.from
            ? { ...s, status: 'pending', output: '', error: null, edited: false, passages: [], imageId: null, web: null }
            : s,
        ),
      };
    case 'step':
      return withStep(state, event.position, (s) => ({
        ...s,
        status: 'running',
        prompt: event.prompt,
        output: '',
        error: null,
        imageId: null,
        web: event.web ?? null,
        items: event.items ? event.items.map((input) => ({ input, output: '', status: 'pending', error: null })) : s.items,
      }));
    case 'delta':
      return withStep(state, event.position, (s) =>
        event.item === undefined
          ? { ...s, output: s.output + event.text }
          : {
              ...s,
              items: s.items.map((item, i) => (i === event.item ? { ...item, status: 'running', output: item.output + event.text } : item)),
            },
      );
    case 'item':
      return withStep(state, event.position, (s) => ({
        ...s,
        items: s.items.map((item, i) =>
          i === event.item ? { ...item, status: event.status, output: event.output, error: event.error } : item,
        ),
      }));
    case 'step-end':
      return withStep(state, event.position, (s) => ({
        ...s,
        status: event.status,
        output: event.output,
        error: event.error,
        passages: event.passages,
        imageId: event.imageId ?? null,
        web: event.web ?? null,
      }));
    case 'end':
      return { ...state, status: event.status, error: event.error, steps: cutShort(event.status, state.steps) };
  }
}

/** "Step n of m": the running step, else the last one that ended (0 before anything ran). */
export function runProgress(state: LiveRun): { current: number; total: number; done: number } {
  const total = state.steps.length;
  const done = state.steps.filter((s) => s.status === 'done').length;
  const running = state.steps.findIndex((s) => s.status === 'running');
  if (running >= 0) return { current: running + 1, total, done };
  const ended = state.steps.reduce((last, s, i) => (s.status === 'pending' ? last : i + 1), 0);
  return { current: ended, total, done };
}

/** The last step's output once the run is done ('' otherwise). */
export const finalOutput = (state: LiveRun): string => (state.status === 'done' ? (state.steps.at(-1)?.output ?? '') : '');

/** The run as a document: the final output alone, or every step's output under its name. */
export function runDocument(name: string, state: LiveRun, which: 'final' | 'all', at: Date): ExportDocument {
  const subtitle = `Workflow run, ${at.toISOString().slice(0, 10)}`;
  if (which === 'final') return { title: name, subtitle, sections: [{ markdown: finalOutput(state) }] };
  return {
    title: name,
    subtitle,
    sections: state.steps.filter((s) => s.output.trim()).map((s) => ({ heading: `Step ${s.position + 1}: ${s.name}`, markdown: s.output })),
  };
}
