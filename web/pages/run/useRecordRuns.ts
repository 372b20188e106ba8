import { useEffect, useRef } from 'react';
import { runErrorText } from '../../../shared/core/runPrompt.ts';
import { RUN_TEXTS } from '../../../shared/core/runTexts.ts';
import { recordPromptRun, type NewPromptRun, type PromptRun } from '../../../shared/data/promptsRuns.ts';
import type { AiRun } from '../../../shared/ui/ai/useAiRun.ts';
import { useNotify } from '../../../shared/ui/notices.tsx';
import { supabase } from '../../lib/supabase.ts';

/** What a run was started with, kept until it ends. */
export type RunContext = Omit<NewPromptRun, 'output' | 'status' | 'errorMessage'>;

/**
 * When a run ends (done, stopped or failed) it goes into the run history; a failure also shows
 * its catalogue notice. Returns the function that marks the start of a run.
 */
export function useRecordRuns(run: AiRun, onRecorded: (run: PromptRun) => void): (context: RunContext) => void {
  const notify = useNotify();
  const started = useRef<RunContext | null>(null);
  const recorded = useRef(onRecorded);
  recorded.current = onRecorded;

  useEffect(() => {
    const context = started.current;
    if (!context || run.status === 'running' || run.status === 'idle') return;
    started.current = null;
    if (run.error) notify({ title: run.error.title, description: run.error.message, variant: 'destructive' });
    const entry: NewPromptRun = {
      ...context,
      output: run.text,
      status: run.status === 'error' ? 'error' : run.status,
      errorMessage: run.error ? runErrorText(run.error) : null,
    };
    void recordPromptRun(supabase, entry).then(({ data, error }) => {
      if (error) notify({ title: RUN_TEXTS.recordError, description: error.message, variant: 'destructive' });
      else recorded.current(data);
    });
  }, [run.status, run.text, run.error, notify]);

  return (context) => {
    started.current = context;
  };
}
