import { useEffect, useRef, useState } from 'react';
import { AiError, toAiError } from '@/shared/ai/aiErrors.ts';
import { completeText } from '@/shared/ai/chat.ts';
import { analysisRequest, type AnalysisRequest } from '@/shared/core/analysis/prompt.ts';
import { readAnalysis, type DocumentAnalysis } from '@/shared/core/analysis/reply.ts';
import { ANALYSIS_TEXTS } from '@/shared/core/analysis/texts.ts';
import { targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import type { ChosenDocument } from './useDocumentChoice.ts';
import { webUsage } from '@/web/lib/usage.ts';

/** One finished analysis: of which document, with which model, what was sent and what came back. */
export interface AnalysisDone {
  number: number;
  document: ChosenDocument;
  choice: ModelChoice;
  request: AnalysisRequest;
  analysis: DocumentAnalysis;
}

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'running'; document: ChosenDocument }
  | { status: 'error'; title: string; message: string; retry: () => void }
  | ({ status: 'done' } & AnalysisDone);

/**
 * Runs an analysis on the user's key: the prompt with the document cut to the model's window,
 * the answer asked as JSON and read by shared/core/analysis. Stop, a new analysis or leaving the
 * page cancels the one in flight.
 */
export function useDocumentAnalysis() {
  const [state, setState] = useState<AnalysisState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const count = useRef(0);
  useEffect(() => () => controller.current?.abort(), []);

  const analyse = async (document: ChosenDocument, choice: ModelChoice, available: AvailableKeys): Promise<void> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const retry = () => void analyse(document, choice, available);
    setState({ status: 'running', document });
    const request = analysisRequest(document, choice.model);
    const target = targetFor(choice.provider, available);
    try {
      const reply = await completeText(
        { target, model: choice.model, prompt: request.prompt, signal: current.signal, usage: webUsage('analysis') },
        true,
      );
      if (current.signal.aborted) return;
      const read = readAnalysis(reply);
      if (!read.ok) return setState({ status: 'error', title: ANALYSIS_TEXTS.failedTitle, message: read.error, retry });
      count.current += 1;
      setState({ status: 'done', number: count.current, document, choice, request, analysis: read.value });
    } catch (thrown) {
      const error = thrown instanceof AiError ? thrown : toAiError(thrown, { provider: choice.provider });
      if (error.kind === 'aborted' || current.signal.aborted) return;
      setState({ status: 'error', title: error.title, message: error.message, retry });
    }
  };

  /** Cancels the analysis in flight; the page is as it was before. */
  const stop = () => {
    controller.current?.abort();
    setState({ status: 'idle' });
  };

  return { state, analyse, stop };
}
