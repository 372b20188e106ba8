import { useEffect, useRef, useState } from 'react';
import { streamText, type AiRequest } from '@/shared/ai/chat.ts';
import { imageProblem, type ChatImage } from '@/shared/ai/vision.ts';
import { KNOWLEDGE_TEXTS, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { searchesNatively, webGroundedTask, type WebSource } from '@/shared/core/webSearch.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import type { RunContext } from '@/shared/core/runPrompt.ts';
import type { UsageSubject } from '@/shared/core/usage/ledger.ts';
import type { AiRun } from '../ai/useAiRun.ts';
import { useUsageFor } from '../usage/UsageContext.tsx';
import type { AnsweredRun } from '../conversation/RunFollowUps.tsx';
import type { KnowledgeChoice } from '../knowledge/useKnowledgeChoice.ts';
import { useRunRecorder, type RunRecorderOptions } from './useRunRecorder.ts';
import type { WebGrounding, WebSearchChoice } from '../webSearch/useWebSearchChoice.ts';

/** An answered run, numbered so each new run starts its own follow-up conversation. */
export type NumberedAnswer = AnsweredRun & { runNumber: number };

export interface GroundedRunRequest {
  /** What the run history keeps: the prompt as written, with the form's values. */
  record: RunContext;
  provider: ProviderId;
  model: string;
  target: AiRequest['target'];
  /** Images sent with the prompt (the first message only: follow-ups are text). */
  images?: readonly ChatImage[];
}

/**
 * A saved prompt's run on the dashboard and in the side panel: the prompt is grounded in the
 * chosen part of the knowledge base, streamed, recorded in the run history, and once answered it
 * becomes the start of its follow-ups. With `web` switched on, the web's sources go with it too
 * (numbered after the knowledge base's passages) and are kept with the run: searched with the
 * user's search key (the web-search function) before the run, or, with a provider that has its
 * own search tool (Gemini, Anthropic: searchesNatively), by the provider while it answers, its
 * sources known once the answer is.
 */
export function useGroundedPromptRun(run: AiRun, knowledge: KnowledgeChoice, recorder: RunRecorderOptions, web?: WebSearchChoice) {
  const [answered, setAnswered] = useState<NumberedAnswer | null>(null);
  const sending = useRef<Omit<NumberedAnswer, 'answer' | 'stopped' | 'promptRunId'>>(null);
  const [retrieving, setRetrieving] = useState(false);
  // The passages the last run was sent with (null: it was sent without the knowledge base).
  const [passages, setPassages] = useState<KnowledgePassage[] | null>(null);
  // The web sources the last run was sent with (null: it did not search the web).
  const [webGrounding, setWebGrounding] = useState<WebGrounding | null>(null);
  const usageFor = useUsageFor();
  // The run's usage row waits for the run's history entry, recorded once the run ended.
  const historyEntry = useRef<(subject: UsageSubject | null) => void>(() => undefined);
  const begin = useRunRecorder(run, {
    ...recorder,
    onRecorded: (recorded) => {
      historyEntry.current({ kind: 'prompt_run', id: recorded.id });
      recorder.onRecorded?.(recorded);
      setAnswered((current) => current && { ...current, promptRunId: recorded.id });
    },
  });

  useEffect(() => {
    const sent = sending.current;
    if (!sent || (run.status !== 'done' && run.status !== 'stopped') || !run.text.trim()) return;
    sending.current = null;
    setAnswered({ ...sent, answer: run.text, stopped: run.status === 'stopped', promptRunId: null });
  }, [run.status, run.text]);

  /** Grounds, records and starts the run. Resolves with the refusal of its images or the knowledge search's error, or null once it has started. */
  const send = async ({ record, provider, model, target, images = [] }: GroundedRunRequest): Promise<string | null> => {
    // Images a model cannot read: one sentence, before the knowledge search, the history or any request.
    const refused = imageProblem(provider, model, images);
    if (refused) return refused;
    setAnswered(null);
    setRetrieving(true);
    const grounding = await knowledge.ground(record.finalPrompt);
    if (grounding.error) {
      setRetrieving(false);
      return `${KNOWLEDGE_TEXTS.searchError}: ${grounding.error.message}`;
    }
    const firstWebSource = grounding.data.passages.length + 1;
    // The provider searches itself: no search key, nothing to search before.
    const native = web?.on === true && searchesNatively(provider);
    // No search key, a refused key, a service down: its sentence, and nothing is sent.
    const searched = web && !native ? await web.search(record.finalPrompt, firstWebSource) : null;
    setRetrieving(false);
    if (searched?.error) return searched.error.message;
    const found = searched?.data ?? null;
    setPassages(knowledge.selection ? grounding.data.passages : null);
    setWebGrounding(found);
    // Follow-ups start from what was sent (with its sources); the history keeps the prompt as written.
    const sent = found
      ? webGroundedTask(grounding.data.prompt, found.sources, new Date().toISOString().slice(0, 10))
      : grounding.data.prompt;
    sending.current = {
      runNumber: (answered?.runNumber ?? 0) + 1,
      promptName: record.promptName,
      promptId: record.promptId,
      freePromptId: record.freePromptId ?? null,
      finalPrompt: sent,
      provider,
      model,
    };
    // What the provider's own search found, once its answer ended (kept with the run).
    let nativeSources: WebSource[] | null = null;
    begin(record, native ? () => nativeSources : (found?.sources ?? null));
    historyEntry.current(null);
    const subject = new Promise<UsageSubject | null>((resolve) => {
      historyEntry.current = resolve;
    });
    const prompt = images.length ? [{ role: 'user' as const, content: sent, images }] : sent;
    if (!native) {
      void run.start({ target, model, prompt, usage: (shown) => usageFor('run', { subject, onRecorded: shown }) });
      return null;
    }
    void run.startWith(provider, async (signal, onText, onUsage) => {
      const result = await streamText({
        target,
        model,
        prompt,
        webSearch: { first: firstWebSource },
        usage: usageFor('run', { subject, onRecorded: onUsage }),
        signal,
        onDelta: (_delta, full) => onText(full),
      });
      nativeSources = result.web?.sources ?? [];
      setWebGrounding({ provider, sources: nativeSources });
      return result;
    });
    return null;
  };

  return { answered, retrieving, passages, webGrounding, send };
}
