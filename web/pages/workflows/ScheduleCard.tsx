import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { MAIL_TEXTS } from '@/shared/core/mail.ts';
import { describeSchedule, nextRunAfter, parseSchedule, scheduleBlocker } from '@/shared/core/workflows/schedule.ts';
import {
  isSchedulesOff,
  SCHEDULES_OFF_REASONS,
  SCHEDULES_OFF_STORED,
  SCHEDULES_OFF_TITLE,
} from '@/shared/core/workflows/schedulesStatus.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import type { SavedWorkflow } from '@/shared/data/workflows.ts';
import { useScheduleMutation } from '@/shared/ui/queries/workflows.ts';
import { projectQueries } from '@/web/queries/projectStatus.ts';
import { webData } from '../run/runSide.ts';
import { useEstimateConfirm } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { browserTimeZone, ScheduleFields, type ScheduleDraft } from './ScheduleFields.tsx';
import { ScheduleEstimate, scheduledMonthJob } from './ScheduleEstimate.tsx';

/** A date and time on the user's own clock, with their zone's short name. */
const onUsersClock = (date: Date): string =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);

const draftOf = (workflow: SavedWorkflow): ScheduleDraft =>
  workflow.schedule ?? { frequency: 'daily', time: '09:00', weekday: null, timeZone: browserTimeZone() };

const sameSchedule = (a: ScheduleDraft, b: ScheduleDraft | null): boolean =>
  Boolean(b) &&
  a.frequency === b?.frequency &&
  a.time === b.time &&
  a.timeZone === b.timeZone &&
  (a.weekday ?? null) === (b.weekday ?? null);

/**
 * A saved workflow's schedule: how often and when it runs on its own (in a time zone, the
 * browser's by default), the next run on the user's clock, why it is paused and how to resume,
 * and removing it. Workflows that cannot run unattended (page variables, fields without a
 * default, problems) show why instead of a usable form; so does a project where schedules do not
 * run (no pg_cron, a local stack without its scheduler), and one without mail says results are
 * not mailed.
 */
export function ScheduleCard({ workflow, canEdit }: { workflow: SavedWorkflow; canEdit: boolean }) {
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(workflow));
  const [error, setError] = useState<string | null>(null);
  const scheduling = useScheduleMutation(webData);
  const { mutateAsync: changeSchedule } = scheduling;
  const schedulesQuery = useQuery(projectQueries.schedules());
  const schedules = schedulesQuery.data ?? 'unknown';
  const mailOff = useQuery(projectQueries.mail()).data === 'off';
  /** Which change is on its way, if any. */
  const busy = scheduling.isPending ? scheduling.variables.kind : null;
  const { confirmJob, dialog } = useEstimateConfirm(webData);

  // The form follows the stored schedule when it changes (a save, another tab), not on every render.
  const stored = workflow.schedule;
  const storedKey = JSON.stringify(stored);
  const [shownKey, setShownKey] = useState(storedKey);
  if (shownKey !== storedKey) {
    setShownKey(storedKey);
    setDraft(draftOf(workflow));
  }

  const blocker = scheduleBlocker(workflow.definition);
  // Until the project says whether schedules run, nothing is offered yet.
  const disabled = !canEdit || Boolean(blocker) || busy !== null || schedulesQuery.isPending;
  const checked = parseSchedule(draft);
  const unchanged = sameSchedule(draft, stored);
  const paused = workflow.schedulePausedReason;
  // The stored due time while the form shows the saved schedule; otherwise what saving would give.
  const showsStored = Boolean(stored && unchanged && !paused && workflow.nextRunAt);
  const nextRun = showsStored
    ? new Date(workflow.nextRunAt!)
    : checked.ok && !blocker && canEdit
      ? nextRunAfter(checked.value, new Date())
      : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) return setError(checked.error);
    setError(null);
    // A month of runs above the user's threshold asks first.
    const month = scheduledMonthJob(workflow.definition, checked.value.frequency);
    if (month && !(await confirmJob(month))) return;
    await changeSchedule({ kind: 'save', workflow, schedule: checked.value }).catch((failure: Error) => setError(failure.message));
  };

  const remove = async () => {
    setError(null);
    await changeSchedule({ kind: 'remove', workflow }).catch((failure: Error) => setError(failure.message));
  };

  if (isSchedulesOff(schedules))
    return (
      <Card component="section" aria-labelledby="workflow-schedule-title" variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography id="workflow-schedule-title" variant="h6" component="h2">
              {SCHEDULE_TEXTS.title}
            </Typography>
            <Alert severity="info">
              <AlertTitle>{SCHEDULES_OFF_TITLE}</AlertTitle>
              {SCHEDULES_OFF_REASONS[schedules]}
              {stored && ` ${SCHEDULES_OFF_STORED}`}
            </Alert>
            {stored && (
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {SCHEDULE_TEXTS.current(describeSchedule(stored))}
              </Typography>
            )}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {canEdit && stored && (
              <div>
                <Button color="error" onClick={() => void remove()} disabled={busy !== null} loading={busy === 'remove'}>
                  {SCHEDULE_TEXTS.remove}
                </Button>
              </div>
            )}
          </Stack>
        </CardContent>
      </Card>
    );

  return (
    <Card component="section" aria-labelledby="workflow-schedule-title" variant="outlined">
      <CardContent>
        <Stack component="form" spacing={2} onSubmit={(e) => void save(e)} noValidate aria-busy={busy !== null}>
          <div>
            <Typography id="workflow-schedule-title" variant="h6" component="h2">
              {SCHEDULE_TEXTS.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {mailOff ? MAIL_TEXTS.scheduleIntro : SCHEDULE_TEXTS.intro}
            </Typography>
          </div>
          {blocker && <Alert severity="info">{blocker}</Alert>}
          {!blocker && !canEdit && <Alert severity="info">{SCHEDULE_TEXTS.viewOnly}</Alert>}
          {stored && paused && (
            <Alert severity="warning">
              <AlertTitle>{SCHEDULE_TEXTS.paused}</AlertTitle>
              {paused} {canEdit && SCHEDULE_TEXTS.resumeHint}
            </Alert>
          )}
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {stored ? SCHEDULE_TEXTS.current(describeSchedule(stored)) : SCHEDULE_TEXTS.notScheduled}
          </Typography>
          <ScheduleFields draft={draft} onChange={setDraft} disabled={disabled} />
          {nextRun && (
            <Typography variant="body2" color="text.secondary" role="status">
              {(showsStored ? SCHEDULE_TEXTS.nextRun : SCHEDULE_TEXTS.nextRunIfSaved)(onUsersClock(nextRun))}
            </Typography>
          )}
          {!blocker && <ScheduleEstimate definition={workflow.definition} frequency={draft.frequency} />}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {canEdit && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={disabled || (unchanged && !paused)} loading={busy === 'save'}>
                {stored ? (paused ? SCHEDULE_TEXTS.resume : SCHEDULE_TEXTS.update) : SCHEDULE_TEXTS.save}
              </Button>
              {stored && (
                <Button color="error" onClick={() => void remove()} disabled={busy !== null} loading={busy === 'remove'}>
                  {SCHEDULE_TEXTS.remove}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
        {dialog}
      </CardContent>
    </Card>
  );
}
