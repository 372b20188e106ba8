import { z } from 'zod';

/**
 * Long jobs that run in one browser tab (they call the user's AI provider from that tab) and whose
 * progress the user's other tabs, windows and the side panel show. Each running tab shares its job
 * as Realtime presence on the user's private topic; presence leaves by itself when the tab closes,
 * so an abandoned job never shows as running.
 */
const JOB_KINDS = ['generateAll', 'rewriteAll'] as const;

const jobProgressSchema = z.object({
  kind: z.enum(JOB_KINDS),
  /** What the job works on, e.g. the offer's title. */
  title: z.string().max(200),
  done: z.number().int().min(0),
  total: z.number().int().min(1),
  /** The dashboard route where the job's results appear. */
  path: z.string().startsWith('/'),
  /** Which browser runs it: tabs of the same browser share the offer builder's working copy. */
  browserId: z.string().min(1),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** A job another tab runs, under the presence key of that tab. */
export interface OtherJob extends JobProgress {
  key: string;
}

export const JOB_TEXTS = {
  generateAll: 'Generate All',
  rewriteAll: 'Rewrite all',
  open: 'Open',
  elsewhereTitle: 'Running in another tab',
} as const;

/** The private Realtime topic a user's tabs share job progress on (its policies admit only that user). */
export const jobTopic = (userId: string): string => `jobs:${userId}`;

/** "Generate All in another tab: 3 of 19 done". */
export function jobStatusText(job: Pick<JobProgress, 'kind' | 'done' | 'total'>): string {
  return `${JOB_TEXTS[job.kind]} in another tab: ${Math.min(job.done, job.total)} of ${job.total} done`;
}

/**
 * The jobs other tabs share, from a presence state (key → metas): this tab's own key is left out,
 * metas that are not job progress (an older or foreign client) are ignored, and the list is stable
 * (by key) so the strip does not jump between updates.
 */
export function otherJobs(state: Readonly<Record<string, readonly unknown[]>>, ownKey: string): OtherJob[] {
  const jobs: OtherJob[] = [];
  for (const key of Object.keys(state).sort()) {
    if (key === ownKey) continue;
    for (const meta of state[key] ?? []) {
      const parsed = jobProgressSchema.safeParse(meta);
      if (parsed.success) jobs.push({ ...parsed.data, key });
    }
  }
  return jobs;
}
