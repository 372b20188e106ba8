import { GENERAL_NOTES } from './categories.ts';
import { isGenerated, type OfferAsset } from './offer.ts';

/**
 * Generate All: skips finished assets, retries failed ones, never touches General
 * Notes, runs a bounded number at once (not one by one), reports progress as n of m and ends with
 * "all done" or "already up to date".
 */

/**
 * How many asset generations run at once: fast without tripping providers' rate limits (OpenAI's
 * lowest paid tier allows 500 requests a minute). Five turns an offer's 15-20 assets into at most
 * four rounds, so Generate All takes about four answers' time instead of twenty.
 */
export const GENERATE_ALL_CONCURRENCY = 5;

/** The assets Generate All will run, in display order. */
export function assetsToGenerate(assets: readonly OfferAsset[]): string[] {
  return assets.filter((asset) => asset.name !== GENERAL_NOTES && !isGenerated(asset)).map((asset) => asset.name);
}

export interface GenerateAllResult {
  succeeded: string[];
  failed: string[];
  /** Not started because the run was stopped. */
  skipped: string[];
}

/**
 * Runs `task` for every name with at most `limit` in flight. A failing task does not stop the
 * others; `onSettled` reports progress after each one. Stopping (the signal) starts nothing new.
 */
export async function runBounded(
  names: readonly string[],
  limit: number,
  task: (name: string) => Promise<boolean>,
  options: { signal?: AbortSignal; onSettled?: (done: number, total: number, name: string, ok: boolean) => void } = {},
): Promise<GenerateAllResult> {
  const result: GenerateAllResult = { succeeded: [], failed: [], skipped: [] };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < names.length) {
      if (options.signal?.aborted) return;
      const name = names[next++]!;
      let ok = false;
      try {
        ok = await task(name);
      } catch {
        ok = false;
      }
      (ok ? result.succeeded : result.failed).push(name);
      done++;
      options.onSettled?.(done, names.length, name, ok);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, names.length)) }, worker));
  result.skipped = names.slice(next);
  return result;
}

/** The notice that ends a Generate All. */
export function generateAllSummary(result: GenerateAllResult | null): {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
} {
  if (!result) return { title: 'Already up to date', description: 'Every category already has content.', variant: 'default' };
  if (result.failed.length) {
    return {
      title: 'Some categories failed',
      description: `${result.succeeded.length} generated, ${result.failed.length} failed: ${result.failed.join(', ')}. Use Generate All again to retry them.`,
      variant: 'destructive',
    };
  }
  if (result.skipped.length) {
    return {
      title: 'Generation stopped',
      description: `${result.succeeded.length} generated, ${result.skipped.length} not started.`,
      variant: 'default',
    };
  }
  return { title: 'All done', description: `All ${result.succeeded.length} categories have been generated.`, variant: 'default' };
}
