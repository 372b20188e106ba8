import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkflowDefinition } from '../../core/workflows/definition.ts';
import type { RunEvent } from '../../core/workflows/runEvents.ts';
import { runPhase } from '../../core/workflows/resume.ts';
import { applyRunEvent, idleRun, storedRun, type LiveRun } from '../../core/workflows/runState.ts';
import type { DataError } from '../../data/result.ts';
import type { AppClient } from '../../data/supabase.ts';
import { streamWorkflowRun, type RunRequest, type WorkflowRun } from '../../data/workflowRuns.ts';
import { useEditStepOutputMutation } from '../queries/workflows.ts';
import { QueryError } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

type Action = { type: 'event'; event: RunEvent } | { type: 'reset'; state: LiveRun } | { type: 'edited'; position: number; output: string };

function reducer(state: LiveRun, action: Action): LiveRun {
  switch (action.type) {
    case 'event':
      return applyRunEvent(state, action.event);
    case 'reset':
      return action.state;
    case 'edited':
      return {
        ...state,
        steps: state.steps.map((s) => (s.position === action.position ? { ...s, output: action.output, edited: true } : s)),
      };
  }
}

/** The provider, model and key a run is started or continued with (and the keys an image step may draw with). */
export type RunTargetChoice = Pick<RunRequest, 'provider' | 'model' | 'apiKey' | 'customBaseUrl' | 'imageApiKeys'>;

/** The keys this browser holds for the picture providers: an image step may draw with another provider than the run's. */
export const imageKeysOf = (keys: Partial<Record<string, string | null | undefined>>): NonNullable<RunRequest['imageApiKeys']> => ({
  ...(keys.openai ? { openai: keys.openai } : {}),
  ...(keys.gemini ? { gemini: keys.gemini } : {}),
});

/**
 * One workflow run on screen: start, stop, retry a failed step, edit an output and continue, resume
 * a run that was cut off (continue from the first step not done). The
 * server runs and saves the steps; this follows its events. `refusal` is why the server would not
 * start or continue (the month's limit, a field left empty).
 */
export function useWorkflowRun(client: () => Promise<AppClient>, definition: WorkflowDefinition | null) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reducer, definition, (d): LiveRun =>
    d ? idleRun(d) : { runId: null, status: 'idle', error: null, steps: [] },
  );
  const [refusal, setRefusal] = useState<DataError | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const { mutateAsync: saveOutput, isPending: savingOutput, variables: savedOutput } = useEditStepOutputMutation(client);
  useEffect(() => () => controller.current?.abort(), []);

  const go = useCallback(
    async (request: RunRequest) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setRefusal(null);
      setBusy(true);
      try {
        const result = await streamWorkflowRun(await client(), request, abort.signal, (event) => dispatch({ type: 'event', event }));
        if (result.error) setRefusal(result.error);
        else if (result.data.status === 'stopped') dispatch({ type: 'event', event: { type: 'end', status: 'stopped', error: null } });
        // Cut off (the connection broke): what finished is saved, and the run can be resumed.
        else if (result.data.status === 'interrupted')
          dispatch({ type: 'event', event: { type: 'end', status: 'interrupted', error: result.data.error } });
      } finally {
        if (controller.current === abort) controller.current = null;
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all });
      }
    },
    [client, queryClient],
  );

  const start = useCallback(
    (request: Extract<RunRequest, { action: 'start' }>) => {
      if (definition) dispatch({ type: 'reset', state: idleRun(definition) });
      return go(request);
    },
    [definition, go],
  );

  const continueRun = useCallback(
    (target: RunTargetChoice, fromPosition?: number) =>
      state.runId ? go({ action: 'continue', runId: state.runId, fromPosition, ...target }) : Promise.resolve(),
    [go, state.runId],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  // A run nobody works on any more (its lease expired) shows as interrupted, with Resume.
  const load = useCallback(
    (run: WorkflowRun) => dispatch({ type: 'reset', state: storedRun({ ...run, status: runPhase(run, Date.now()) }) }),
    [],
  );

  const editOutput = useCallback(
    async (position: number, output: string): Promise<DataError | null> => {
      if (!state.runId) return null;
      try {
        await saveOutput({ runId: state.runId, position, output });
      } catch (error) {
        // The data layer's refusal is the step card's to show; anything else is not ours to catch.
        if (error instanceof QueryError) return error.dataError;
        throw error;
      }
      dispatch({ type: 'edited', position, output });
      return null;
    },
    [saveOutput, state.runId],
  );

  return {
    state,
    refusal,
    running: busy,
    start,
    continueRun,
    stop,
    load,
    editOutput,
    /** The step whose edited output is being saved, or null. */
    savingPosition: savingOutput ? (savedOutput?.position ?? null) : null,
    clearRefusal: () => setRefusal(null),
  };
}
