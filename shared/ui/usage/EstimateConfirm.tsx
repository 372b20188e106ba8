import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { ESTIMATE_TEXTS, estimateJob, needsConfirmation, type JobEstimate, type JobStep } from '@/shared/core/usage/jobEstimate.ts';
import { budgetSnapshot, type BudgetSnapshot } from '@/shared/data/usageBudgets.ts';
import type { DataClient } from '../query.ts';

/** A job before it starts: the model it runs on and its calls (items × steps, with their prompt sizes). */
export interface JobToEstimate {
  provider: ProviderId;
  model: string;
  steps: readonly JobStep[];
  /** What the estimate assumed, when it had to (a for-each step's items). */
  note?: string | null;
}

interface Asking {
  estimate: JobEstimate;
  note: string | null;
  currency: string;
  threshold: number;
  answer: (go: boolean) => void;
}

/**
 * Asks before a big job (estimate above the user's threshold, usage_settings.confirm_above_micros).
 * Keyboard: Enter starts, Escape cancels; focus starts on Cancel, the safe choice. Once the user
 * has moved the focus with Tab, Enter presses the button they chose, as everywhere else.
 */
function EstimateDialog({ asking }: { asking: Asking | null }) {
  const tabbed = useRef(false);
  useEffect(() => {
    tabbed.current = false;
  }, [asking]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab') tabbed.current = true;
    // A held key repeating from the key that opened the dialog does not start the job.
    if (event.key !== 'Enter' || event.repeat || !asking || tabbed.current) return;
    event.preventDefault();
    asking.answer(true);
  };
  return (
    <Dialog
      open={asking !== null}
      onClose={() => asking?.answer(false)}
      onKeyDown={onKeyDown}
      aria-labelledby="estimate-dialog-title"
      aria-describedby="estimate-dialog-text"
    >
      <DialogTitle id="estimate-dialog-title">{ESTIMATE_TEXTS.title}</DialogTitle>
      {asking && (
        <DialogContent>
          <DialogContentText id="estimate-dialog-text" sx={{ color: 'text.primary' }}>
            {ESTIMATE_TEXTS.body(asking.estimate, asking.currency, asking.threshold)}
          </DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1.5 }}>
            {asking.note ? `${asking.note} ${ESTIMATE_TEXTS.note}` : ESTIMATE_TEXTS.note}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button autoFocus onClick={() => asking?.answer(false)}>
          {ESTIMATE_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={() => asking?.answer(true)}>
          {ESTIMATE_TEXTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

async function snapshotOf(client: DataClient): Promise<BudgetSnapshot | null> {
  try {
    return await budgetSnapshot(await client());
  } catch {
    return null;
  }
}

/**
 * `confirmJob(job)` resolves true when the job may start: at once when its estimate is within the
 * user's threshold (or has no price, or nothing could be read), else once the user chose Start in
 * the dialog (`dialog`, to be rendered by the caller); false when they cancelled.
 */
export function useEstimateConfirm(client: DataClient): { confirmJob: (job: JobToEstimate) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const pending = useRef<Asking | null>(null);
  // Leaving the page with the dialog open cancels the job.
  useEffect(() => () => pending.current?.answer(false), []);
  const confirmJob = useCallback(
    async (job: JobToEstimate) => {
      const snapshot = await snapshotOf(client);
      if (!snapshot) return true;
      const estimate = estimateJob(job.provider, job.model, job.steps, snapshot);
      const threshold = snapshot.confirmAboveMicros;
      if (threshold === null || !needsConfirmation(estimate, threshold)) return true;
      pending.current?.answer(false);
      return new Promise<boolean>((resolve) => {
        const current: Asking = {
          estimate,
          note: job.note ?? null,
          currency: snapshot.currency,
          threshold,
          answer: (go) => {
            if (pending.current !== current) return;
            pending.current = null;
            setAsking(null);
            resolve(go);
          },
        };
        pending.current = current;
        setAsking(current);
      });
    },
    [client],
  );
  return { confirmJob, dialog: <EstimateDialog asking={asking} /> };
}

/** The estimate of a job as one line ("about $0.40–$1.90 for 24 calls on …"), once read; null while reading or without a job. */
export function useJobEstimate(client: DataClient, job: JobToEstimate | null): { estimate: JobEstimate; currency: string } | null {
  const [result, setResult] = useState<{ estimate: JobEstimate; currency: string } | null>(null);
  const key = job ? JSON.stringify(job) : null;
  useEffect(() => {
    if (!job) {
      setResult(null);
      return;
    }
    let live = true;
    void snapshotOf(client).then((snapshot) => {
      if (!live) return;
      const settings = snapshot ?? { overrides: [], usdRate: 1, currency: 'USD' };
      setResult({ estimate: estimateJob(job.provider, job.model, job.steps, settings), currency: settings.currency });
    });
    return () => {
      live = false;
    };
    // The job is compared by value (callers build it on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  return result;
}

/** A job's estimate as a line beside its button (nothing while it is read, or without a job or calls). */
export function JobEstimateLine({ client, job }: { client: DataClient; job: JobToEstimate | null }) {
  const estimated = useJobEstimate(client, job);
  if (!estimated || estimated.estimate.calls === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="job-estimate">
      {ESTIMATE_TEXTS.line(estimated.estimate, estimated.currency)}
    </Typography>
  );
}
