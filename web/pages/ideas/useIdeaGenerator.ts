import { useCallback, useEffect, useRef, useState } from 'react';
import { AiError, toAiError } from '@/shared/ai/aiErrors.ts';
import { completeJson } from '@/shared/ai/chat.ts';
import type { ProviderTarget } from '@/shared/ai/providers.ts';
import { interestProblem, startupIdeaPrompt, startupIdeaSchema } from '@/shared/core/ideas.ts';
import { useSaveIdeaMutation } from '@/web/queries/ideas.ts';
import { readDraft, writeDraft, type IdeaDraft } from './ideaDraft.ts';
import { webUsage } from '@/web/lib/usage.ts';

export interface GenerateWith {
  target: ProviderTarget;
  model: string;
}

/** Earlier names kept for Regenerate's "something different" (the prompt stays short). */
const MAX_SHOWN_NAMES = 8;

/**
 * The Startup Idea Generator's state: the draft (kept in sessionStorage), one AI request at a time
 * (JSON validated by the idea schema; Stop cancels it), the catalogue error of the last failure,
 * and Save. Nothing typed or shown is dropped on a failure.
 */
export function useIdeaGenerator() {
  const { mutateAsync: saveIdea, isPending: saving } = useSaveIdeaMutation();
  const [draft, setDraft] = useState<IdeaDraft>(readDraft);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<AiError | null>(null);
  const [interestError, setInterestError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => writeDraft(draft), [draft]);
  // Leaving the page cancels a request in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const setInterest = useCallback((interest: string) => {
    setDraft((d) => ({ ...d, interest }));
    setInterestError(null);
  }, []);

  const run = useCallback(async (interest: string, avoid: string[], using: GenerateWith) => {
    const problem = interestProblem(interest);
    if (problem) {
      setInterestError(problem);
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setGenerating(true);
    setError(null);
    try {
      const idea = await completeJson({
        ...using,
        prompt: startupIdeaPrompt(interest, avoid),
        schema: startupIdeaSchema,
        signal: current.signal,
        usage: webUsage('idea'),
      });
      if (controller.current !== current) return;
      const ideaFor = interest.trim();
      setDraft((d) => ({
        ...d,
        idea,
        ideaFor,
        shownNames: [...(ideaFor === d.ideaFor ? d.shownNames : []), idea.name].slice(-MAX_SHOWN_NAMES),
        savedId: null,
        saveAfterSignIn: false,
      }));
    } catch (thrown) {
      if (controller.current !== current) return;
      const mapped = toAiError(thrown, { provider: using.target.provider });
      if (mapped.kind !== 'aborted') setError(mapped);
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setGenerating(false);
      }
    }
  }, []);

  /** From what is typed; the same interest again asks for an idea not yet shown. */
  const generate = useCallback(
    (using: GenerateWith) => void run(draft.interest, draft.interest.trim() === draft.ideaFor ? draft.shownNames : [], using),
    [run, draft.interest, draft.ideaFor, draft.shownNames],
  );

  /** Another idea for the interest the shown one came from. */
  const regenerate = useCallback(
    (using: GenerateWith) => void run(draft.ideaFor, draft.shownNames, using),
    [run, draft.ideaFor, draft.shownNames],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  /** Signed out: remembers that the visitor wants to save (they are asked to sign in). */
  const save = useCallback(
    async (signedIn: boolean) => {
      const idea = draft.idea;
      if (!idea || draft.savedId || saving) return;
      if (!signedIn) {
        setDraft((d) => ({ ...d, saveAfterSignIn: true }));
        return;
      }
      const saved = await saveIdea({ idea, sourcePrompt: draft.ideaFor }).catch(() => null);
      if (!saved) return;
      setDraft((d) => (d.idea === idea ? { ...d, savedId: saved.id, saveAfterSignIn: false } : d));
    },
    [draft.idea, draft.savedId, draft.ideaFor, saving, saveIdea],
  );

  return {
    draft,
    generating,
    error,
    interestError,
    saving,
    setInterest,
    generate,
    regenerate,
    stop,
    save,
    dismissError: () => setError(null),
  };
}
