import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import {
  describeSchedule,
  isTimeZone,
  nextRunAfter,
  parseSchedule,
  runDateLabel,
  scheduleBlocker,
  type WorkflowSchedule,
} from '@/shared/core/workflows/schedule.ts';
import { scheduledRunMail } from '@/shared/core/workflows/scheduleMail.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';

const paris = (frequency: WorkflowSchedule['frequency'], time: string, weekday: number | null = null): WorkflowSchedule => ({
  frequency,
  time,
  weekday,
  timeZone: 'Europe/Paris',
});
const newYork = (frequency: WorkflowSchedule['frequency'], time: string, weekday: number | null = null): WorkflowSchedule => ({
  frequency,
  time,
  weekday,
  timeZone: 'America/New_York',
});

const next = (schedule: WorkflowSchedule, after: string) => nextRunAfter(schedule, new Date(after)).toISOString();

/** The next `count` runs from `after`, each strictly after the previous one. */
function runs(schedule: WorkflowSchedule, after: string, count: number): string[] {
  const out: string[] = [];
  let at = new Date(after);
  for (let i = 0; i < count; i += 1) {
    at = nextRunAfter(schedule, at);
    out.push(at.toISOString());
  }
  return out;
}

describe('nextRunAfter: ordinary days', () => {
  it('runs daily at the wall-clock time of the zone, strictly after the given instant', () => {
    // 09:00 in Paris in winter is 08:00 UTC, in summer 07:00 UTC.
    expect(next(paris('daily', '09:00'), '2026-01-10T06:00:00Z')).toBe('2026-01-10T08:00:00.000Z');
    expect(next(paris('daily', '09:00'), '2026-07-10T06:00:00Z')).toBe('2026-07-10T07:00:00.000Z');
    // Exactly at the time: the next one, a day later.
    expect(next(paris('daily', '09:00'), '2026-01-10T08:00:00Z')).toBe('2026-01-11T08:00:00.000Z');
    expect(next(paris('daily', '09:00'), '2026-01-10T08:00:00.001Z')).toBe('2026-01-11T08:00:00.000Z');
  });

  it('runs weekly on its day, also when the day is crossed in UTC but not in the zone', () => {
    // Monday 09:00 Paris; from Wednesday 14 January 2026 → Monday 19 January.
    expect(next(paris('weekly', '09:00', 1), '2026-01-14T12:00:00Z')).toBe('2026-01-19T08:00:00.000Z');
    // Sunday 23:30 in New York is Monday 04:30 UTC: a Sunday schedule there is found on the UTC Monday.
    expect(next(newYork('weekly', '23:30', 0), '2026-01-11T12:00:00Z')).toBe('2026-01-12T04:30:00.000Z');
    // Already past this week's run → next week.
    expect(next(paris('weekly', '09:00', 1), '2026-01-19T08:00:00Z')).toBe('2026-01-26T08:00:00.000Z');
  });

  it('runs hourly at the minute (the hours of the time do not count)', () => {
    expect(runs(paris('hourly', '07:15'), '2026-01-10T10:20:00Z', 3)).toEqual([
      '2026-01-10T11:15:00.000Z',
      '2026-01-10T12:15:00.000Z',
      '2026-01-10T13:15:00.000Z',
    ]);
    // Across midnight and a month end.
    expect(runs(newYork('hourly', '00:00'), '2026-01-31T23:30:00-05:00', 2)).toEqual([
      '2026-02-01T05:00:00.000Z',
      '2026-02-01T06:00:00.000Z',
    ]);
  });
});

describe('nextRunAfter: daylight-saving changes', () => {
  it('spring forward: a time inside the gap runs once, at the first instant after it', () => {
    // Paris, Sunday 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC); 02:30 does not exist.
    expect(runs(paris('daily', '02:30'), '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST, the end of the gap
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ]);
    // New York, Sunday 8 March 2026: 02:00 EST becomes 03:00 EDT (07:00 UTC).
    expect(runs(newYork('daily', '02:15'), '2026-03-07T12:00:00Z', 3)).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T06:15:00.000Z',
      '2026-03-10T06:15:00.000Z',
    ]);
    // A time just outside the gap is untouched.
    expect(next(paris('daily', '03:00'), '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    expect(next(paris('daily', '01:59'), '2026-03-28T12:00:00Z')).toBe('2026-03-29T00:59:00.000Z');
  });

  it('fall back: a time that happens twice runs once, at the first', () => {
    // Paris, Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC); 02:30 happens twice.
    expect(runs(paris('daily', '02:30'), '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-25T00:30:00.000Z', // 02:30 CEST, the first
      '2026-10-26T01:30:00.000Z', // next day 02:30 CET — not 01:30 UTC on the 25th
    ]);
    // Asked between the two 02:30s: the second one is not a run.
    expect(next(paris('daily', '02:30'), '2026-10-25T00:45:00Z')).toBe('2026-10-26T01:30:00.000Z');
    // New York, Sunday 1 November 2026: 02:00 EDT becomes 01:00 EST (06:00 UTC); 01:30 happens twice.
    expect(runs(newYork('daily', '01:30'), '2026-10-31T12:00:00Z', 2)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('weekly across a change keeps the wall-clock time', () => {
    // Monday 09:00 in Paris: 07:00 UTC before the October change, 08:00 UTC after.
    expect(runs(paris('weekly', '09:00', 1), '2026-10-18T12:00:00Z', 2)).toEqual(['2026-10-19T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
    // Sunday 02:30 in New York: the spring-forward Sunday runs at 03:00 EDT, the next at 02:30 EDT.
    expect(runs(newYork('weekly', '02:30', 0), '2026-03-02T12:00:00Z', 3)).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-15T06:30:00.000Z',
      '2026-03-22T06:30:00.000Z',
    ]);
  });

  it('hourly across a change: the skipped hour runs once after the gap, the repeated hour once', () => {
    // Paris spring forward: 01:30 CET, then 02:30 (missing) at 03:00 CEST, then 03:30 CEST.
    expect(runs(paris('hourly', '00:30'), '2026-03-29T00:00:00Z', 4)).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T02:30:00.000Z',
    ]);
    // On the hour, the missing 02:00 and the real 03:00 are the same instant: one run.
    expect(runs(paris('hourly', '00:00'), '2026-03-29T00:30:00Z', 2)).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z']);
    // New York fall back: 00:30 EDT, 01:30 EDT, (01:30 EST skipped), 02:30 EST.
    expect(runs(newYork('hourly', '00:30'), '2026-11-01T04:00:00Z', 3)).toEqual([
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
  });

  it('never goes back and never repeats over a whole year, in zones with and without daylight saving', () => {
    for (const timeZone of ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      const schedule: WorkflowSchedule = { frequency: 'daily', time: '02:30', weekday: null, timeZone };
      const all = runs(schedule, '2026-01-01T00:00:00Z', 365);
      expect(new Set(all).size).toBe(365);
      expect([...all].sort()).toEqual(all);
    }
  });
});

describe('schedule checks', () => {
  it('accepts hourly, daily and weekly schedules in a known zone, and keeps a day only on weekly ones', () => {
    expect(parseSchedule({ frequency: 'daily', time: '09:00', weekday: 3, timeZone: 'Europe/Paris' })).toEqual({
      ok: true,
      value: { frequency: 'daily', time: '09:00', weekday: null, timeZone: 'Europe/Paris' },
    });
    expect(parseSchedule({ frequency: 'weekly', time: '23:59', weekday: 6, timeZone: 'America/New_York' }).ok).toBe(true);
    expect(parseSchedule({ frequency: 'hourly', time: '00:45', weekday: null, timeZone: 'UTC' }).ok).toBe(true);
  });

  it('refuses an unknown zone, a bad time, a weekly schedule without a day, and what is not a schedule', () => {
    const base = { frequency: 'daily', time: '09:00', weekday: null, timeZone: 'Europe/Paris' };
    expect(parseSchedule({ ...base, timeZone: 'Mars/Olympus' })).toEqual({ ok: false, error: SCHEDULE_TEXTS.badTimeZone });
    expect(parseSchedule({ ...base, timeZone: '+02:00' })).toEqual({ ok: false, error: SCHEDULE_TEXTS.badTimeZone });
    expect(parseSchedule({ ...base, timeZone: '' })).toEqual({ ok: false, error: SCHEDULE_TEXTS.badTimeZone });
    for (const time of ['24:00', '9:00', '09:60', '09:00:00', ''])
      expect(parseSchedule({ ...base, time })).toEqual({ ok: false, error: SCHEDULE_TEXTS.badTime });
    expect(parseSchedule({ ...base, frequency: 'monthly' })).toEqual({ ok: false, error: SCHEDULE_TEXTS.badFrequency });
    expect(parseSchedule({ ...base, frequency: 'weekly' })).toEqual({ ok: false, error: SCHEDULE_TEXTS.weekdayRequired });
    expect(parseSchedule({ ...base, frequency: 'weekly', weekday: 7 }).ok).toBe(false);
    expect(parseSchedule(null)).toEqual({ ok: false, error: SCHEDULE_TEXTS.badSchedule });
    expect(parseSchedule([base])).toEqual({ ok: false, error: SCHEDULE_TEXTS.badSchedule });
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('europe/nowhere')).toBe(false);
  });
});

describe('describeSchedule', () => {
  it('says when it runs, in words', () => {
    expect(describeSchedule(paris('weekly', '09:00', 1))).toBe('Every Monday at 09:00 (Europe/Paris)');
    expect(describeSchedule(newYork('daily', '18:30'))).toBe('Every day at 18:30 (America/New_York)');
    expect(describeSchedule(paris('hourly', '00:15'))).toBe('Every hour at 15 minutes past (Europe/Paris)');
  });
});

describe('scheduled run mails', () => {
  it('quote the start of the result, cut at a word, and escape what goes into the HTML', () => {
    const output = `<b>Launch</b> & "go" ${'word '.repeat(300)}`;
    const mail = scheduledRunMail({
      kind: 'done',
      workflowName: 'Digest <x>',
      runLink: 'https://app.example/workflows/runs/1',
      documentName: 'Digest <x> — 2026-11-30',
      documentsLink: 'https://app.example/file-manager',
      output,
    });
    expect(mail.subject).toBe(SCHEDULE_TEXTS.mailDoneSubject('Digest <x>'));
    expect(mail.html).toContain('&lt;b&gt;Launch&lt;/b&gt; &amp; &quot;go&quot;');
    expect(mail.html).not.toContain('<b>Launch');
    expect(mail.text).toContain('<b>Launch</b> & "go" word');
    expect(mail.text).toMatch(/word…\n/);
    expect(mail.text.length).toBeLessThan(1200);
    expect(mail.text).toContain(`${SCHEDULE_TEXTS.mailOpenRun}: https://app.example/workflows/runs/1`);
  });

  it('tell a failure with its error and a pause with what to do', () => {
    const failed = scheduledRunMail({ kind: 'failed', workflowName: 'W', runLink: null, error: 'Boom' });
    expect(failed.text).toContain(SCHEDULE_TEXTS.mailError('Boom'));
    expect(failed.text).not.toContain(SCHEDULE_TEXTS.mailOpenRun);
    const paused = scheduledRunMail({
      kind: 'paused',
      workflowName: 'W',
      runLink: 'https://x/r',
      workflowLink: 'https://x/w',
      reason: SCHEDULE_TEXTS.pausedNoKey('OpenAI'),
    });
    expect(paused.subject).toBe(SCHEDULE_TEXTS.mailPausedSubject('W'));
    expect(paused.text).toContain(`${SCHEDULE_TEXTS.pausedNoKey('OpenAI')} ${SCHEDULE_TEXTS.resumeHint}`);
    expect(paused.text).toContain(`${SCHEDULE_TEXTS.mailOpenWorkflow}: https://x/w`);
  });
});

describe('runDateLabel', () => {
  it('is the run’s date on the schedule’s clock (with the time for hourly schedules)', () => {
    const at = new Date('2026-11-30T23:30:00Z');
    expect(runDateLabel(paris('daily', '09:00'), at)).toBe('2026-12-01');
    expect(runDateLabel(newYork('weekly', '09:00', 1), at)).toBe('2026-11-30');
    expect(runDateLabel(paris('hourly', '00:30'), at)).toBe('2026-12-01 00:30');
  });
});

describe('scheduleBlocker', () => {
  const def = (prompt: string, provider: 'openai' | null = 'openai'): WorkflowDefinition => ({
    version: 1,
    provider,
    model: provider ? 'gpt-4o-mini' : null,
    steps: [{ id: 'a', name: 'a', kind: 'prompt', prompt, promptId: null, model: null, knowledge: null, forEach: null }],
  });
  it('lets through a workflow that can run unattended, and says why another cannot', () => {
    expect(scheduleBlocker(def('Write about [topic=pricing]'))).toBeNull();
    expect(scheduleBlocker(null)).toBe(SCHEDULE_TEXTS.unreadableWorkflow);
    expect(scheduleBlocker(def('Summarise {{page}} and {{url}}'))).toBe(SCHEDULE_TEXTS.usesPageVariables(['page', 'url']));
    expect(scheduleBlocker(def('Write about [topic]'))).toBe(SCHEDULE_TEXTS.requiredFields(['Topic']));
    expect(scheduleBlocker(def('Use {{steps.later.output}}'))).toMatch(/^Fix the workflow before scheduling it\. Step 1/);
    expect(scheduleBlocker(def('Write', null))).toBe(SCHEDULE_TEXTS.noModel);
  });
});
