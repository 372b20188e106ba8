import type { AiUsage } from '@/shared/ai/usage.ts';
import type { CallUsage, UsageFeature } from '@/shared/core/usage/ledger.ts';

/**
 * A usage reporter for tests of the AI layer that keeps what each call reported, in order (the
 * ledger's own tests insert rows through shared/data/usage.ts).
 */
export function usageLog(feature: UsageFeature = 'run'): AiUsage & { calls: CallUsage[] } {
  const calls: CallUsage[] = [];
  return { feature, calls, record: (call) => void calls.push(call) };
}
