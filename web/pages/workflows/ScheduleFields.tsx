import { useMemo } from 'react';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import type { WorkflowSchedule } from '@/shared/core/workflows/schedule.ts';
import { SCHEDULE_TEXTS, WEEKDAY_NAMES } from '@/shared/core/workflows/scheduleTexts.ts';

/** The schedule form's values while being edited (the time always "HH:MM"; hourly keeps only the minutes). */
export type ScheduleDraft = WorkflowSchedule;

/** The browser's time zone (where the user is), UTC when the browser does not say. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone the browser knows, UTC first (the list leaves it out), and `current` kept even when unknown here. */
function timeZoneChoices(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return [...new Set(['UTC', ...known, current])];
}

const MINUTES = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;

/** Frequency, time (or minute), weekday and time zone; every control labelled and keyboard reachable. */
export function ScheduleFields({
  draft,
  onChange,
  disabled,
}: {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  disabled: boolean;
}) {
  const zones = useMemo(() => timeZoneChoices(draft.timeZone), [draft.timeZone]);
  const set = (change: Partial<ScheduleDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        label={SCHEDULE_TEXTS.frequency}
        value={draft.frequency}
        onChange={(e) => {
          const frequency = e.target.value as ScheduleDraft['frequency'];
          set({ frequency, weekday: frequency === 'weekly' ? (draft.weekday ?? 1) : null });
        }}
        disabled={disabled}
        sx={{ minWidth: 160 }}
      >
        {FREQUENCIES.map((f) => (
          <MenuItem key={f} value={f}>
            {SCHEDULE_TEXTS.frequencyOptions[f]}
          </MenuItem>
        ))}
      </TextField>
      {draft.frequency === 'weekly' && (
        <TextField
          select
          label={SCHEDULE_TEXTS.weekday}
          value={draft.weekday ?? 1}
          onChange={(e) => set({ weekday: Number(e.target.value) })}
          disabled={disabled}
          sx={{ minWidth: 150 }}
        >
          {WEEKDAY_NAMES.map((name, index) => (
            <MenuItem key={name} value={index}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {draft.frequency === 'hourly' ? (
        <TextField
          select
          label={SCHEDULE_TEXTS.minute}
          value={draft.time.slice(3)}
          onChange={(e) => set({ time: `00:${e.target.value}` })}
          disabled={disabled}
          sx={{ minWidth: 170 }}
        >
          {MINUTES.map((m) => (
            <MenuItem key={m} value={m}>
              :{m}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          type="time"
          label={SCHEDULE_TEXTS.time}
          value={draft.time}
          onChange={(e) => set({ time: e.target.value })}
          disabled={disabled}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          sx={{ minWidth: 130 }}
        />
      )}
      <Autocomplete
        options={zones}
        value={draft.timeZone}
        onChange={(_event, value) => value && set({ timeZone: value })}
        disableClearable
        autoHighlight
        disabled={disabled}
        getOptionLabel={(zone) => zone.replaceAll('_', ' ')}
        sx={{ flex: 1, minWidth: 240 }}
        renderInput={(params) => (
          <TextField {...params} label={SCHEDULE_TEXTS.timeZone} helperText={disabled ? undefined : SCHEDULE_TEXTS.timeZoneHelp} />
        )}
      />
    </Stack>
  );
}
