import { jobTopic, otherJobs, type JobProgress, type OtherJob } from '../core/jobs/progress.ts';
import type { AppClient } from './supabase.ts';

const REPORT_PAUSE_MS = 60;

/** One tab's place on the user's job board: it shares its own job and hears about the others'. */
export interface JobBoard {
  /** The job this tab runs now (its latest progress), or null when it runs none. */
  share(job: JobProgress | null): void;
  close(): void;
}

/**
 * Joins the user's private job topic with this tab's presence key. `onOthers` receives the jobs the
 * user's other tabs run whenever that changes (including [] when the last one ends or its tab
 * closes). What this tab shares before the join completes is sent once it does.
 */
export function openJobBoard(client: AppClient, userId: string, tabKey: string, onOthers: (jobs: OtherJob[]) => void): JobBoard {
  const channel = client.channel(jobTopic(userId), { config: { private: true, presence: { key: tabKey } } });
  let joined = false;
  let closed = false;
  let latest: JobProgress | null = null;
  let sent: JobProgress | null = null;
  let queue = Promise.resolve();
  // Progress is replaced by leaving and joining again: realtime-js keeps a replaced presence in its
  // state when the same key joins anew (it drops the old entry's reference while merging), so an
  // in-place update would leave a stale job behind in the other tabs. Sends run one at a time.
  const publish = () => {
    queue = queue
      .then(async () => {
        if (!joined || closed || latest === sent) return;
        const next = latest;
        if (sent) await channel.untrack();
        if (next) await channel.track(next);
        sent = next;
      })
      .catch(() => undefined);
  };
  // The leave and the join of one update arrive apart: a short pause keeps the others' strip from flickering.
  let report: ReturnType<typeof setTimeout> | null = null;
  channel.on('presence', { event: 'sync' }, () => {
    if (report) clearTimeout(report);
    report = setTimeout(() => {
      report = null;
      onOthers(otherJobs(channel.presenceState(), tabKey));
    }, REPORT_PAUSE_MS);
  });
  // A private topic is authorised by the user's token: ask for it before joining (a client whose
  // token comes from a callback may not have it yet).
  void client.realtime
    .setAuth()
    .catch(() => undefined)
    .then(() => {
      if (closed) return;
      channel.subscribe((status) => {
        joined = status === 'SUBSCRIBED';
        if (joined && latest) publish();
        if (!joined) sent = null;
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') onOthers([]);
      });
    });
  return {
    share(job) {
      latest = job;
      publish();
    },
    close() {
      closed = true;
      if (report) clearTimeout(report);
      void client.removeChannel(channel);
    },
  };
}
