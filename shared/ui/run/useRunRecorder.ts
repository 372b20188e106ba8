import { useEffect, useRef } from 'react';
import { endedRunRecord, type RunContext } from '@/shared/core/runPrompt.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { WebSource } from '@/shared/core/webSearch.ts';
import { recordPromptRun, type PromptRun } from '@/shared/data/promptRuns.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import type { AiRun } from '../ai/useAiRun.ts';
import { useNotify } from '../notices.tsx';

export interface RunRecorderOptions {
  /** The data client the run is recorded with. */
  client: () => Promise<AppClient>;
  /** A failure also shows its catalogue notice (the page; the panel's output shows it alone). */
  notifyFailure?: boolean;
  /** The run as recorded (the page puts it on top of its history). */
  onRecorded?: (run: PromptRun) => void;
  /** Every ended run, recorded or not (the panel moves its prompt up the recent list). */
  onEnded?: (context: RunContext) => void;
}

/**
 * When a run ends (done, stopped or failed) it goes into the run history (prompt_runs).
 * Returns the function that marks the start of a run, with what it was started with (and the web
 * sources it was sent with, kept with it; or a function that gives them once the run ended, for
 * sources the AI provider's own search found while answering).
 */
export function useRunRecorder(
  run: AiRun,
  options: RunRecorderOptions,
): (context: RunContext, webSources?: WebSource[] | null | (() => WebSource[] | null)) => void {
  const notify = useNotify();
  const started = useRef<RunContext | null>(null);
  const sources = useRef<WebSource[] | null | (() => WebSource[] | null)>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const context = started.current;
    if (!context) return;
    const entry = endedRunRecord(context, { status: run.status, text: run.text, error: run.error });
    if (!entry) return;
    started.current = null;
    const { client, notifyFailure, onEnded } = latest.current;
    if (notifyFailure && run.error) notify({ title: run.error.title, description: run.error.message, variant: 'destructive' });
    const webSources = typeof sources.current === 'function' ? sources.current() : sources.current;
    void client()
      .then((c) => recordPromptRun(c, { ...entry, webSources }))
      .then(({ data, error }) => {
        if (error) notify({ title: RUN_TEXTS.recordError, description: error.message, variant: 'destructive' });
        else latest.current.onRecorded?.(data);
      });
    onEnded?.(context);
  }, [run.status, run.text, run.error, notify]);

  return (context, webSources = null) => {
    started.current = context;
    sources.current = webSources;
  };
}
