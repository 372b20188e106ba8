import { useCallback, useEffect, useRef, useState } from 'react';
import { AiError, toAiError } from '@/shared/ai/aiErrors.ts';
import { streamText, type AiRequest, type StreamResult } from '@/shared/ai/chat.ts';
import type { AiUsage } from '@/shared/ai/usage.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import type { UsageRow } from '@/shared/core/usage/ledger.ts';

type AiRunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'error';

/** Shows a call's recorded usage row under the answer (ignored once another run started). */
type OnUsage = (row: UsageRow) => void;

/** A run's usage reporter, given where its recorded row goes (shared/data/usage.ts: `(shown) => usageFor('run', { onRecorded: shown })`). */
type RunUsage = (onRecorded: OnUsage) => AiUsage;

/** Produces a run's result; calls `onText` with the whole text so far; stops when `signal` aborts; `onUsage` shows the call's row. */
type RunSource<R extends StreamResult> = (signal: AbortSignal, onText: (text: string) => void, onUsage: OnUsage) => Promise<R>;

export interface AiRun {
  status: AiRunStatus;
  /** The streamed text so far (kept after a stop or a failure). */
  text: string;
  error: AiError | null;
  /** The last run's usage-ledger row once recorded (its tokens and cost), null before. */
  usage: UsageRow | null;
  /** Streams a run; resolves with the result, or null when it failed (see `error`). */
  start(request: Omit<AiRequest, 'signal' | 'usage'> & { usage: RunUsage }): Promise<StreamResult | null>;
  /** The same for a stream from elsewhere (a server that calls the provider): `source` reports the text so far. */
  startWith<R extends StreamResult>(provider: ProviderId, source: RunSource<R>, fallbackError?: string): Promise<R | null>;
  /** Stops the running request (the text so far stays). */
  stop(): void;
  reset(): void;
}

/** One streamed AI run for a page or panel: start, stop (aborts the request), the text as it arrives. */
export function useAiRun(): AiRun {
  const [status, setStatus] = useState<AiRunStatus>('idle');
  const [text, setText] = useState('');
  const [error, setError] = useState<AiError | null>(null);
  const [usage, setUsage] = useState<UsageRow | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops a run in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const startWith = useCallback(
    async <R extends StreamResult>(provider: ProviderId, source: RunSource<R>, fallbackError?: string): Promise<R | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStatus('running');
      setText('');
      setError(null);
      setUsage(null);
      try {
        const result = await source(
          current.signal,
          (full) => {
            if (controller.current === current) setText(full);
          },
          (row) => {
            // A row recorded after the run was replaced belongs to no answer on screen.
            if (controller.current === current) setUsage(row);
          },
        );
        if (controller.current === current) {
          setText(result.text);
          setStatus(result.stopped ? 'stopped' : 'done');
        }
        return result;
      } catch (thrown) {
        const mapped = thrown instanceof AiError ? thrown : toAiError(thrown, { provider, fallback: fallbackError });
        if (controller.current === current) {
          setText(mapped.partial);
          setError(mapped);
          setStatus('error');
        }
        return null;
      }
    },
    [],
  );

  const start = useCallback(
    (request: Omit<AiRequest, 'signal' | 'usage'> & { usage: RunUsage }) =>
      startWith(
        request.target.provider,
        (signal, onText, onUsage) =>
          streamText({ ...request, usage: request.usage(onUsage), signal, onDelta: (_delta, full) => onText(full) }),
        request.fallbackError,
      ),
    [startWith],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStatus('idle');
    setText('');
    setError(null);
    setUsage(null);
  }, []);

  return { status, text, error, usage, start, startWith, stop, reset };
}
