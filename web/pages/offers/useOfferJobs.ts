import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import type { OtherJob } from '@/shared/core/jobs/progress.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { useBrowserId, useOtherJobs, useSharedJob } from '@/shared/ui/live/JobBoard.tsx';
import type { Activity } from './useOfferBuilder.ts';

/**
 * A Generate All or Rewrite All that another tab of this browser runs: it works on the same
 * working copy, so this tab's whole-offer actions wait for it (its results arrive as it writes).
 */
export function useOfferJobElsewhere(): OtherJob | null {
  const browserId = useBrowserId();
  return useOtherJobs().find((job) => job.path === ROUTES.offerBuilder && job.browserId === browserId) ?? null;
}

/** Shares this tab's Generate All or Rewrite All, with its progress, with the user's other tabs and the side panel. */
export function useShareOfferJob(
  activity: Activity | null,
  progress: { done: number; total: number } | null,
  offer: OfferDraft | null,
): void {
  const browserId = useBrowserId();
  const running = (activity === 'generateAll' || activity === 'rewriteAll') && progress && offer && progress.total > 0;
  useSharedJob(
    running
      ? { kind: activity, title: offer.framework.title, done: progress.done, total: progress.total, path: ROUTES.offerBuilder, browserId }
      : null,
  );
}
