import { useCallback, useReducer, useRef, useState } from 'react';
import { completeJson } from '@/shared/ai/chat.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { defaultModel } from '@/shared/ai/modelChoice.ts';
import { analysisProblem, DOCUMENT_ERRORS, DOCUMENT_TEXTS, generationProblem } from '@/shared/core/documents/documents.ts';
import { generatePressAction, generatorFlow, INITIAL_FLOW, type SuggestionView } from '@/shared/core/documents/generator.ts';
import { isQuotaReached } from '@/shared/core/quota.ts';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { isTemplateId, promptSuggestionSchema, suggestionPrompt, type TemplateId } from '@/shared/core/documents/templates.ts';
import { saveSuggestion } from '@/shared/data/documents/documents.ts';
import { getPrompt } from '@/shared/data/promptLibrary/library.ts';
import type { KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import type { KbSelection } from '@/shared/data/knowledge.ts';
import { generateDocument, generationAiError, type GenerationFailure } from '@/shared/data/documents/generation.ts';
import { GENERATION_LIMIT_CODE } from '@/shared/data/quota.ts';
import { hasUsableKey, targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { useAiRun } from '@/shared/ui/ai/useAiRun.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import type { QuotaApi } from './useQuota.ts';
import type { SavedDocuments } from './useSavedDocument.ts';
import { webUsage } from '@/web/lib/usage.ts';

/** Which field a validation message belongs under. */
export interface FormProblem {
  field: 'prompt' | 'template' | 'key';
  message: string;
}

/** The document of the last Generate: what it was asked for and whether it counted. */
export interface GenerationMeta {
  /** One per generation, so the result panel starts fresh. */
  id: number;
  /** The prompt as the user wrote it (follow-ups start from it). */
  prompt: string;
  templateId: TemplateId;
  /** The slot: reserved while running, then counted, or given back. */
  counted: 'pending' | 'counted' | 'refunded';
  /** Why it ended without a document, beyond the AI's own error (e.g. an empty answer). */
  problem: string | null;
  /** The knowledge-base passages sent with the prompt (null: written without the knowledge base). */
  passages: KnowledgePassage[] | null;
}

const EMPTY_ANSWER = 'The AI returned an empty document. Please try again.';
const GENERATION_FALLBACK = 'Could not generate the document. Please check your network and try again.';

const problemFor = (message: string, provider: ProviderId): FormProblem => {
  if (message === DOCUMENT_TEXTS.promptRequired || message === DOCUMENT_TEXTS.promptEmpty) return { field: 'prompt', message };
  if (message === DOCUMENT_TEXTS.templateRequired) return { field: 'template', message };
  return { field: 'key', message: message || provider };
};

/**
 * The generator's form and its suggested-prompt flow: the first Generate asks the AI
 * for a better prompt and stores it (prompt_suggestions); the second streams the document in the
 * template's structure through the generate-document Edge Function, which keeps the monthly quota
 * (reserved before the call, counted with the saved document, given back when it fails or stops).
 */
export function useGenerator(deps: {
  available: AvailableKeys;
  keysReady: boolean;
  quota: QuotaApi;
  saving: SavedDocuments;
  /** The part of the knowledge base to ground documents in (null: none). */
  knowledge: KbSelection | null;
}) {
  const { available, keysReady, quota, saving, knowledge } = deps;
  const notify = useNotify();
  const run = useAiRun();
  const [promptText, setPromptTextState] = useState('');
  const [templateId, setTemplateId] = useState<TemplateId | ''>('');
  const [choice, setChoice] = useState<ModelChoice>({ provider: 'openai', model: '' });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [flow, dispatch] = useReducer(generatorFlow, INITIAL_FLOW);
  const [meta, setMeta] = useState<GenerationMeta | null>(null);
  const analysis = useRef<AbortController | null>(null);
  const generationCount = useRef(0);

  const setPromptText = useCallback((text: string) => {
    setPromptTextState(text);
    setProblem((current) => (current?.field === 'prompt' ? null : current));
  }, []);
  const chooseTemplate = useCallback((id: TemplateId) => {
    setTemplateId(id);
    setProblem((current) => (current?.field === 'template' ? null : current));
  }, []);
  const chooseModel = useCallback((next: ModelChoice) => {
    setChoice(next);
    setProblem((current) => (current?.field === 'key' ? null : current));
  }, []);

  const model = choice.model || defaultModel(choice.provider, null);
  const target = targetFor(choice.provider, available);

  /** The checks in order (prompt, template, key); shows the first problem under its field. */
  const check = (forAnalysis: boolean): boolean => {
    const message =
      (forAnalysis ? analysisProblem(promptText) : null) ??
      generationProblem({
        promptText,
        templateId: templateId || null,
        provider: choice.provider,
        hasKey: hasUsableKey(choice.provider, available),
      });
    setProblem(message ? problemFor(message, choice.provider) : null);
    return message === null;
  };

  /** At the limit (as last read), ask the database again before anything runs; the modal if it still says so. */
  const limitReached = async (): Promise<boolean> => {
    if (quota.state.status !== 'ready' || !isQuotaReached(quota.state.quota)) return false;
    const fresh = await quota.refresh();
    if (fresh && isQuotaReached(fresh)) {
      quota.openLimit();
      return true;
    }
    return false;
  };

  const analyse = async () => {
    if (!isTemplateId(templateId)) return;
    analysis.current?.abort();
    const controller = new AbortController();
    analysis.current = controller;
    const original = promptText;
    dispatch({ type: 'analyse' });
    try {
      const answer = await completeJson({
        target,
        model,
        prompt: suggestionPrompt(original, templateId),
        schema: promptSuggestionSchema,
        signal: controller.signal,
        // The suggestion serves the document about to be generated.
        usage: webUsage('document'),
      });
      if (analysis.current !== controller) return;
      const suggestion: SuggestionView = {
        originalPromptText: original,
        suggestedPromptText: answer.suggestedPrompt,
        reasoningText: answer.reasoning,
        templateId,
      };
      dispatch({ type: 'analysed', suggestion });
      const stored = await saveSuggestion(supabase, {
        originalPromptText: suggestion.originalPromptText,
        suggestedPromptText: suggestion.suggestedPromptText,
        reasoningText: suggestion.reasoningText,
        templateId,
      });
      if (stored.error) notify({ title: DOCUMENT_ERRORS.save('suggestion'), description: stored.error.message, variant: 'destructive' });
    } catch (thrown) {
      if (analysis.current !== controller) return;
      const error = toAiError(thrown, { provider: choice.provider });
      if (error.kind === 'aborted') dispatch({ type: 'reset' });
      else dispatch({ type: 'analysisFailed', message: error.message });
    } finally {
      if (analysis.current === controller) analysis.current = null;
    }
  };

  /**
   * A stopped generation's slot is given back by the server as soon as it notices the hang-up,
   * which may be a moment after the page stopped: read the counter until it shows (a few tries).
   */
  const settleCounter = async (usedBefore: number | null) => {
    for (let wait = 200; ; wait *= 2) {
      const fresh = await quota.refresh();
      if (!fresh || usedBefore === null || fresh.used <= usedBefore || wait > 3_200) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };

  const generate = async () => {
    if (!isTemplateId(templateId)) return;
    const id = ++generationCount.current;
    const text = promptText;
    const chosenTemplate = templateId;
    const scope = knowledge;
    dispatch({ type: 'generate' });
    setMeta({ id, prompt: text, templateId: chosenTemplate, counted: 'pending', problem: null, passages: null });
    run.reset();
    const usedBefore = quota.state.status === 'ready' ? quota.state.quota.used : null;
    let limit = false;
    // Set inside the run's callback, which control-flow narrowing cannot see.
    let failure = null as GenerationFailure | null;
    // The server reserves, calls the provider and settles the slot: counted with the saved
    // document, or given back when it fails or the user stops (aborting the request).
    const result = await run.startWith(
      choice.provider,
      async (signal, onText) => {
        const outcome = await generateDocument(
          supabase,
          {
            prompt: text,
            templateId: chosenTemplate,
            provider: choice.provider,
            model,
            apiKey: target.apiKey,
            customBaseUrl: target.customBaseUrl ?? null,
            folderId: saving.folderId(),
            knowledge: scope,
          },
          signal,
          onText,
          GENERATION_FALLBACK,
        );
        if (!outcome.error) return outcome.data;
        if (outcome.error.code === GENERATION_LIMIT_CODE) {
          limit = true;
          return { text: '', stopped: true, model, documentId: null, name: null, quota: null, passages: [] };
        }
        failure = outcome.error;
        // The AI run shows a failure it is thrown: title, message and the text streamed so far.
        throw generationAiError(outcome.error);
      },
      GENERATION_FALLBACK,
    );
    const current = generationCount.current === id;
    if (limit) {
      dispatch({ type: 'generated', ok: false });
      setMeta(null);
      await quota.refresh();
      quota.openLimit();
      return;
    }
    if (!result || !result.documentId) {
      const settled = result?.quota ?? failure?.quota ?? null;
      if (settled) quota.set(settled);
      else void settleCounter(usedBefore);
      dispatch({ type: 'generated', ok: false });
      const empty = failure?.message === EMPTY_ANSWER;
      if (current)
        setMeta({
          id,
          prompt: text,
          templateId: chosenTemplate,
          counted: 'refunded',
          problem: empty ? EMPTY_ANSWER : null,
          passages: null,
        });
      return;
    }
    if (result.quota) quota.set(result.quota);
    else void quota.refresh();
    dispatch({ type: 'generated', ok: true });
    if (current)
      setMeta({
        id,
        prompt: text,
        templateId: chosenTemplate,
        counted: 'counted',
        problem: null,
        passages: scope ? result.passages : null,
      });
    // The document record is saved once it is generated — by the server, with the count.
    await saving.adopt({ id, documentId: result.documentId });
  };

  return {
    promptText,
    setPromptText,
    templateId,
    chooseTemplate,
    choice,
    chooseModel,
    problem,
    flow,
    run,
    meta,
    /** Generate: the first press analyses the prompt, the next one writes the document. */
    async press() {
      const action = generatePressAction(flow);
      if (action === 'busy' || !keysReady) return;
      if (!check(false)) return;
      if (await limitReached()) return;
      if (action === 'analyse') await analyse();
      else await generate();
    },
    /** "Suggest a better prompt": analyses the prompt as it stands now, at any step. */
    async improve() {
      if (generatePressAction(flow) === 'busy' || !keysReady) return;
      if (!check(true)) return;
      await analyse();
    },
    cancelAnalysis() {
      analysis.current?.abort();
      analysis.current = null;
      dispatch({ type: 'reset' });
    },
    useSuggestion() {
      if (flow.step !== 'suggested' && flow.step !== 'ready') return;
      if (flow.suggestion) setPromptText(flow.suggestion.suggestedPromptText);
      dispatch({ type: 'useSuggestion' });
    },
    keepOriginal() {
      if ((flow.step === 'suggested' || flow.step === 'ready') && flow.suggestion) setPromptText(flow.suggestion.originalPromptText);
      dispatch({ type: 'keepOriginal' });
    },
    skipSuggestion() {
      dispatch({ type: 'skipSuggestion' });
    },
    startOver() {
      dispatch({ type: 'reset' });
    },
    /** A saved prompt from the library fills the form (its template and provider too, when it has them). */
    async loadPrompt(id: string): Promise<boolean> {
      const result = await getPrompt(supabase, id);
      if (result.error || !result.data) {
        notify({
          title: DOCUMENT_ERRORS.fetch('prompt'),
          description: result.error?.message ?? 'The prompt no longer exists.',
          variant: 'destructive',
        });
        return false;
      }
      const saved = result.data;
      setPromptText(saved.promptText);
      if (isTemplateId(saved.templateId)) chooseTemplate(saved.templateId);
      const provider = PROVIDER_IDS.find((p) => p === saved.llmProvider);
      if (provider) chooseModel({ provider, model: saved.model ?? '' });
      dispatch({ type: 'reset' });
      notify({ title: 'Prompt loaded', description: `"${saved.name}" is ready to generate.` });
      return true;
    },
  };
}

export type Generator = ReturnType<typeof useGenerator>;
