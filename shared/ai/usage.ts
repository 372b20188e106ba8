import type { ProviderId } from '../core/providerKeys.ts';
import type { CallOutcome, CallUsage, UsageFeature, UsageSubject } from '../core/usage/ledger.ts';
import type { ChatMessage, TokenUsage } from './protocol/types.ts';

/**
 * How an AI call reports what it used (the usage ledger, shared/core/usage/ledger.ts). Every
 * request of chat.ts and embeddings.ts carries one: the feature it serves, what it belongs to, and
 * where its one row goes (shared/data/usage.ts in the browser, supabase/functions/_shared/usage.ts
 * on the server). The AI layer calls `check` before the request (a budget may refuse it by
 * throwing) and `record` exactly once when the call has ended, however it ended; a call refused
 * before it reached the provider (no key, refused by `check`) records nothing.
 */
export interface AiUsage {
  feature: UsageFeature;
  subject?: UsageSubject;
  /** Called once per call; must not throw (an implementation logs its own failures). */
  record(call: CallUsage): void;
  /** Before the request: throws to refuse it (an AiError passes through unchanged). */
  check?(provider: ProviderId, model: string): Promise<void>;
}

/** Characters of a prompt, every message's content (the estimate's base when no count comes back). */
export const promptCharsOf = (prompt: string | readonly ChatMessage[]): number =>
  typeof prompt === 'string' ? prompt.length : prompt.reduce((sum, message) => sum + message.content.length, 0);

/** Hands a call's usage to `usage.record`, once, never letting it throw into the call. */
export function usageReporter(usage: AiUsage, provider: ProviderId, model: string, promptChars: number) {
  let recorded = false;
  /** `searches`: what the provider's own search tool ran (billed per search). */
  return (outcome: CallOutcome, reported: TokenUsage | null, outputChars: number, searches = 0) => {
    if (recorded) return;
    recorded = true;
    try {
      usage.record({ provider, model, reported, promptChars, outputChars, outcome, ...(searches > 0 ? { searches } : {}) });
    } catch (error) {
      console.error('Usage could not be recorded', error);
    }
  };
}
