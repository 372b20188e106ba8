import { useEffect, useRef } from 'react';
import { recordPromptRun, type NewPromptRun } from '../../data/promptsRuns.ts';
import { rememberRecentPrompt } from '../../ext/items.ts';
import type { AiRun } from '../ai/useAiRun.ts';
import { useNotify } from '../notices.tsx';
import { extData } from './extClient.ts';

/** What a run was started with, kept until it ends. */
export type RunContext = Omit<NewPromptRun, 'output' | 'status' | 'errorMessage'>;

/**
 * When a run ends (done, stopped or failed), it goes into the run history (prompt_runs) and the
 * prompt to the top of the recent list (the popup's, kept in extension storage).
 */
export function useRunRecord(run: AiRun): (context: RunContext) => void {
  const notify = useNotify();
  const started = useRef<RunContext | null>(null);

  useEffect(() => {
    const context = started.current;
    if (!context || run.status === 'running' || run.status === 'idle') return;
    started.current = null;
    const entry: NewPromptRun = {
      ...context,
      output: run.text,
      status: run.status === 'error' ? 'error' : run.status,
      errorMessage: run.error ? `${run.error.title}: ${run.error.message}` : null,
    };
    void extData().then((client) => recordPromptRun(client, entry)).then(({ error }) => {
      if (error) notify({ title: 'Error saving run history', description: error.message, variant: 'destructive' });
    });
    if (context.promptId) void rememberRecentPrompt({ id: context.promptId, name: context.promptName, ranAt: new Date().toISOString() });
  }, [run.status, run.text, run.error, notify]);

  return (context) => {
    started.current = context;
  };
}
