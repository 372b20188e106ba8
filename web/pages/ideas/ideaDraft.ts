import { z } from 'zod';
import { startupIdeaSchema, type StartupIdeaContent } from '@/shared/core/ideas.ts';

/**
 * The generator's work in progress, kept in this tab's sessionStorage so that nothing is lost on
 * a reload or on the sign-in round trip a signed-out visitor makes to save an idea.
 */

export interface IdeaDraft {
  /** What is typed in the interest field. */
  interest: string;
  /** The idea on screen (validated), or null. */
  idea: StartupIdeaContent | null;
  /** The interest the idea was generated for (Regenerate asks again for it). */
  ideaFor: string;
  /** Names already generated for `ideaFor`, so Regenerate asks for something new. */
  shownNames: string[];
  /** The saved row of this idea, once saved. */
  savedId: string | null;
  /** The visitor pressed Save signed out and went to sign in. */
  saveAfterSignIn: boolean;
}

export const DRAFT_STORAGE_KEY = 'ai_vault_startup_idea_draft';

const draftSchema = z.object({
  interest: z.string(),
  idea: startupIdeaSchema.nullable(),
  ideaFor: z.string(),
  shownNames: z.array(z.string()).max(50),
  savedId: z.string().nullable(),
  saveAfterSignIn: z.boolean(),
});

export const EMPTY_DRAFT: IdeaDraft = { interest: '', idea: null, ideaFor: '', shownNames: [], savedId: null, saveAfterSignIn: false };

export function readDraft(): IdeaDraft {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return EMPTY_DRAFT;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    // Storage blocked or unreadable: start fresh.
    return EMPTY_DRAFT;
  }
}

export function writeDraft(draft: IdeaDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft still lives in memory for this visit.
  }
}
