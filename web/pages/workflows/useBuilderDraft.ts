import { useCallback, useMemo, useState } from 'react';
import { duplicateStep, newStep, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { moveItem } from '@/shared/core/workflows/builder.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { randomId } from '@/shared/core/ids.ts';

export interface BuilderDraft {
  name: string;
  description: string;
  definition: WorkflowDefinition;
}

const newId = () => randomId();

/** The builder's draft and every change to it; `dirty` while it differs from what was loaded or last saved. */
export function useBuilderDraft(initial: BuilderDraft) {
  const [draft, setDraft] = useState(initial);
  const [savedAs, setSavedAs] = useState(() => JSON.stringify(initial));
  const dirty = useMemo(() => JSON.stringify(draft) !== savedAs, [draft, savedAs]);

  const setSteps = useCallback(
    (change: (steps: WorkflowStep[]) => WorkflowStep[]) =>
      setDraft((d) => ({ ...d, definition: { ...d.definition, steps: change(d.definition.steps) } })),
    [],
  );

  return {
    draft,
    dirty,
    canAdd: draft.definition.steps.length < WORKFLOW_LIMITS.steps,
    markSaved: useCallback((saved: BuilderDraft) => setSavedAs(JSON.stringify(saved)), []),
    setName: useCallback((name: string) => setDraft((d) => ({ ...d, name })), []),
    setDescription: useCallback((description: string) => setDraft((d) => ({ ...d, description })), []),
    setRunsWith: useCallback(
      (provider: WorkflowDefinition['provider'], model: string) =>
        setDraft((d) => ({ ...d, definition: { ...d.definition, provider, model: model || null } })),
      [],
    ),
    updateStep: useCallback(
      (index: number, patch: Partial<WorkflowStep>) => setSteps((steps) => steps.map((s, i) => (i === index ? { ...s, ...patch } : s))),
      [setSteps],
    ),
    addStep: useCallback(
      (kind: WorkflowStep['kind']) =>
        setSteps((steps) => {
          const step = newStep(steps, newId(), kind);
          const source = steps[steps.length - 1]?.name;
          return [...steps, kind === 'for_each' && source ? { ...step, forEach: { source, split: 'lines', concurrency: 3 } } : step];
        }),
      [setSteps],
    ),
    duplicateAt: useCallback(
      (index: number) =>
        setSteps((steps) => {
          const step = steps[index];
          if (!step) return steps;
          const copy = duplicateStep(step, steps, newId());
          return [...steps.slice(0, index + 1), copy, ...steps.slice(index + 1)];
        }),
      [setSteps],
    ),
    removeAt: useCallback((index: number) => setSteps((steps) => steps.filter((_s, i) => i !== index)), [setSteps]),
    move: useCallback((from: number, to: number) => setSteps((steps) => moveItem(steps, from, to)), [setSteps]),
  };
}
