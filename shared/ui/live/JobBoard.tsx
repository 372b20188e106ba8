import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { JobProgress, OtherJob } from '../../core/jobs/progress.ts';
import { randomId } from '../../core/ids.ts';
import type { JobBoard } from '../../data/jobProgress.ts';
import type { AppClient } from '../../data/supabase.ts';

interface JobBoardValue {
  others: readonly OtherJob[];
  /** This browser's id (tabs of one browser share the offer builder's working copy). */
  browserId: string;
  /** Shares this tab's job (null: none) on the board, once the board is open. */
  share: (job: JobProgress | null) => void;
}

const JobBoardContext = createContext<JobBoardValue | null>(null);
const NO_JOBS: readonly OtherJob[] = [];
const BROWSER_ID_KEY = 'aivault.browserId';

function browserId(): string {
  try {
    const stored = window.localStorage.getItem(BROWSER_ID_KEY);
    if (stored) return stored;
    const fresh = randomId();
    window.localStorage.setItem(BROWSER_ID_KEY, fresh);
    return fresh;
  } catch {
    return randomId();
  }
}

/**
 * Puts this tab on the signed-in user's job board (nothing while signed out): its own long job is
 * shared from `useSharedJob`, the jobs of the user's other tabs are read with `useOtherJobs`.
 */
export function JobBoardProvider({
  client,
  userId,
  children,
}: {
  client: () => Promise<AppClient>;
  userId: string | null;
  children: ReactNode;
}) {
  const [others, setOthers] = useState<readonly OtherJob[]>(NO_JOBS);
  const board = useRef<JobBoard | null>(null);
  const [id] = useState(browserId);
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    // The board's code (and its schema library) loads with the first signed-in user, not with every page.
    void Promise.all([client(), import('../../data/jobProgress.ts')]).then(([resolved, { openJobBoard }]) => {
      if (stopped) return;
      board.current = openJobBoard(resolved, userId, randomId(), (jobs) => setOthers(jobs.length === 0 ? NO_JOBS : jobs));
    });
    return () => {
      stopped = true;
      board.current?.close();
      board.current = null;
      setOthers(NO_JOBS);
    };
  }, [client, userId]);
  const share = useCallback((job: JobProgress | null) => board.current?.share(job), []);
  const value = useMemo(() => ({ others, browserId: id, share }), [others, id, share]);
  return <JobBoardContext.Provider value={value}>{children}</JobBoardContext.Provider>;
}

/** The long jobs the user's other tabs and windows are running. */
export function useOtherJobs(): readonly OtherJob[] {
  return useContext(JobBoardContext)?.others ?? NO_JOBS;
}

export function useBrowserId(): string {
  return useContext(JobBoardContext)?.browserId ?? '';
}

/** Shares this tab's job while `job` is not null; it stops being shared when it ends or the page goes. */
export function useSharedJob(job: JobProgress | null): void {
  const share = useContext(JobBoardContext)?.share;
  const latest = useRef(job);
  latest.current = job;
  // Shared again only when what it says changed, not on every render.
  const shown = job ? JSON.stringify(job) : null;
  useEffect(() => {
    if (share && shown) share(latest.current);
  }, [share, shown]);
  const sharing = shown !== null;
  useEffect(() => {
    if (!share || !sharing) return;
    return () => share(null);
  }, [share, sharing]);
}
