import { useCallback, useEffect, useRef, useState } from 'react';
import { AiError, toAiError } from '../../ai/aiErrors.ts';
import { streamText, type AiRequest, type StreamResult } from '../../ai/chat.ts';

export type AiRunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'error';

export interface AiRun {
  status: AiRunStatus;
  /** The streamed text so far (kept after a stop or a failure). */
  text: string;
  error: AiError | null;
  /** Streams a run; resolves with the result, or null when it failed (see `error`). */
  start(request: Omit<AiRequest, 'signal'>): Promise<StreamResult | null>;
  /** Stops the running request (the text so far stays). */
  stop(): void;
  reset(): void;
}

/** One streamed AI run for a page or panel: start, stop (aborts the request), the text as it arrives. */
export function useAiRun(): AiRun {
  const [status, setStatus] = useState<AiRunStatus>('idle');
  const [text, setText] = useState('');
  const [error, setError] = useState<AiError | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops a run in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (request: Omit<AiRequest, 'signal'>) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStatus('running');
    setText('');
    setError(null);
    try {
      const result = await streamText({ ...request, signal: current.signal, onDelta: (_delta, full) => setText(full) });
      if (controller.current === current) {
        setText(result.text);
        setStatus(result.stopped ? 'stopped' : 'done');
      }
      return result;
    } catch (thrown) {
      const mapped = toAiError(thrown, { provider: request.target.provider, fallback: request.fallbackError });
      if (controller.current === current) {
        setText(mapped.partial);
        setError(mapped);
        setStatus('error');
      }
      return null;
    }
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStatus('idle');
    setText('');
    setError(null);
  }, []);

  return { status, text, error, start, stop, reset };
}
