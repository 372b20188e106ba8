// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { SCHEDULES_OFF_REASONS, SCHEDULES_OFF_TITLE, type SchedulesStatus } from '@/shared/core/workflows/schedulesStatus.ts';
import type { SavedWorkflow } from '@/shared/data/workflows.ts';
import { createQueryClient } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { ScheduleCard } from '@/web/pages/workflows/ScheduleCard.tsx';

/**
 * The schedule card as its states show (saving goes to the stack: the integration test covers
 * saveSchedule). jsdom + MUI is slow on a busy machine: generous timeouts.
 */

const definition = (prompt: string): WorkflowDefinition => ({
  version: 1,
  provider: 'openai',
  model: 'gpt-4o-mini',
  steps: [{ id: 's1', name: 'draft', kind: 'prompt', prompt, promptId: null, model: null, knowledge: null, forEach: null }],
});

const workflow = (change: Partial<SavedWorkflow> = {}): SavedWorkflow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Weekly digest',
  description: '',
  definition: definition('Write this week’s digest about [topic=AI tools].'),
  problem: null,
  schedule: null,
  nextRunAt: null,
  schedulePausedReason: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...change,
});

/** The project's answers the card waits for: whether schedules run here and whether mail is on. */
function renderCard(
  saved: SavedWorkflow,
  canEdit = true,
  project: { schedules: SchedulesStatus; mail: 'on' | 'off' } = { schedules: 'on', mail: 'on' },
) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.project.schedules(), project.schedules);
  client.setQueryData(queryKeys.project.mail(), project.mail);
  return render(
    <Provider store={createStore()}>
      <QueryClientProvider client={client}>
        <ScheduleCard workflow={saved} canEdit={canEdit} />
      </QueryClientProvider>
    </Provider>,
  );
}

afterEach(cleanup);

describe('ScheduleCard', () => {
  it('starts unscheduled, daily at 09:00 in the browser’s zone, and says when the first run would be', () => {
    renderCard(workflow());
    expect(screen.getByText(SCHEDULE_TEXTS.notScheduled)).toBeTruthy();
    expect((screen.getByLabelText(SCHEDULE_TEXTS.time) as HTMLInputElement).value).toBe('09:00');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect((screen.getByRole('combobox', { name: SCHEDULE_TEXTS.timeZone }) as HTMLInputElement).value).toBe(zone.replaceAll('_', ' '));
    expect(screen.getByRole('status').textContent).toMatch(/^Next run if saved: /);
    expect(screen.getByRole('button', { name: SCHEDULE_TEXTS.save })).toBeTruthy();
    expect(screen.queryByRole('button', { name: SCHEDULE_TEXTS.remove })).toBeNull();
  }, 20_000);

  it('says schedules are off on a project where they cannot run, and offers no form', () => {
    renderCard(workflow(), true, { schedules: 'no_extensions', mail: 'on' });
    expect(screen.getByText(SCHEDULES_OFF_TITLE)).toBeTruthy();
    expect(screen.getByText(SCHEDULES_OFF_REASONS.no_extensions)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SCHEDULE_TEXTS.save })).toBeNull();
  }, 20_000);

  it('asks for the day on a weekly schedule and finds a time zone by typing part of its name', async () => {
    const user = userEvent.setup();
    renderCard(workflow());
    await user.click(screen.getByRole('combobox', { name: SCHEDULE_TEXTS.frequency }));
    await user.click(await screen.findByRole('option', { name: SCHEDULE_TEXTS.frequencyOptions.weekly }));
    expect(screen.getByRole('combobox', { name: SCHEDULE_TEXTS.weekday }).textContent).toBe('Monday');

    const zone = screen.getByRole('combobox', { name: SCHEDULE_TEXTS.timeZone });
    await user.clear(zone);
    await user.type(zone, 'new york');
    await user.click(await screen.findByRole('option', { name: 'America/New York' }));
    expect((zone as HTMLInputElement).value).toBe('America/New York');
  }, 20_000);

  it('shows a paused schedule’s reason with how to resume, its description, and Remove', () => {
    const reason = SCHEDULE_TEXTS.pausedBadKey('OpenAI');
    renderCard(
      workflow({
        schedule: { frequency: 'weekly', time: '09:00', weekday: 1, timeZone: 'Europe/Paris' },
        nextRunAt: '2026-11-30T08:00:00Z',
        schedulePausedReason: reason,
      }),
    );
    const alert = screen.getByText(SCHEDULE_TEXTS.paused).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(new RegExp(reason.slice(0, 30)))).toBeTruthy();
    expect(alert.textContent).toContain(SCHEDULE_TEXTS.resumeHint);
    expect(screen.getByText('Scheduled: Every Monday at 09:00 (Europe/Paris)')).toBeTruthy();
    // Saving again (unchanged) is how it resumes, so the button is on.
    expect((screen.getByRole('button', { name: SCHEDULE_TEXTS.resume }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: SCHEDULE_TEXTS.remove })).toBeTruthy();
  }, 20_000);

  it('shows the stored next run on the user’s clock while the saved schedule is unchanged', () => {
    renderCard(
      workflow({
        schedule: { frequency: 'daily', time: '09:00', weekday: null, timeZone: 'Europe/Paris' },
        nextRunAt: '2030-01-07T08:00:00Z',
      }),
    );
    expect(screen.getByRole('status').textContent).toContain('2030');
    expect((screen.getByRole('button', { name: SCHEDULE_TEXTS.update }) as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);

  it('is disabled with the reason for a workflow that reads the page, or asks a field without a default', () => {
    renderCard(workflow({ definition: definition('Summarise {{page}} for [audience]') }));
    expect(screen.getByText(SCHEDULE_TEXTS.usesPageVariables(['page']))).toBeTruthy();
    expect((screen.getByRole('button', { name: SCHEDULE_TEXTS.save }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText(SCHEDULE_TEXTS.time).hasAttribute('disabled')).toBe(true);
    cleanup();
    renderCard(workflow({ definition: definition('Write about [audience]') }));
    expect(screen.getByText(SCHEDULE_TEXTS.requiredFields(['Audience']))).toBeTruthy();
  }, 20_000);

  it('lets a view-only member see the schedule but not change it', () => {
    renderCard(
      workflow({ schedule: { frequency: 'hourly', time: '00:15', weekday: null, timeZone: 'UTC' }, nextRunAt: '2030-01-01T00:15:00Z' }),
      false,
    );
    expect(screen.getByText(SCHEDULE_TEXTS.viewOnly)).toBeTruthy();
    expect(screen.getByText('Scheduled: Every hour at 15 minutes past (UTC)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: SCHEDULE_TEXTS.update })).toBeNull();
    expect(screen.queryByRole('button', { name: SCHEDULE_TEXTS.remove })).toBeNull();
  }, 20_000);
});
