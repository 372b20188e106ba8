import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { PromptField } from '@/shared/core/placeholders.ts';
import { DictationTextField } from './dictation.tsx';

/**
 * A prompt's form from its placeholders (shared/core/placeholders.ts): a text field per
 * `[name]` (with its default as a hint), a list for `[name: a|b]`, and the page variables — in
 * the extension filled from the tab but editable, in the dashboard (no tab) typed by the user.
 */

export interface PromptFieldsProps {
  fields: readonly PromptField[];
  values: Readonly<Record<string, string>>;
  onChange: (id: string, value: string) => void;
  /** Ids of required fields still empty (shown once the user tried to run). */
  missing: ReadonlySet<string>;
  /** Page-variable values read from the tab, by field id; undefined where there is no tab (the dashboard). */
  fromPage?: Readonly<Record<string, string>>;
  /** The tab's page could not be read yet (no access): empty page fields say how to fill them. */
  pageUnread?: boolean;
  /** Why the page gave a variable no value, by variable name (a video without a transcript). */
  pageNotes?: Readonly<Record<string, string>>;
}

export function PromptFields({ fields, values, onChange, missing, fromPage, pageUnread = false, pageNotes = {} }: PromptFieldsProps) {
  if (!fields.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        This prompt has no fields to fill.
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      {fields.map((field) => {
        const value = values[field.id] ?? '';
        const error = missing.has(field.id);
        const common = {
          label: field.label,
          value,
          onChange: (e: { target: { value: string } }) => onChange(field.id, e.target.value),
          error,
          required: field.required,
          fullWidth: true,
          size: 'small' as const,
        };
        if (field.kind === 'choice') {
          return (
            <TextField key={field.id} select {...common} helperText={error ? 'Choose one.' : undefined}>
              {field.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        const helper =
          field.kind === 'page'
            ? fromPage
              ? pageHelper(field.name, value, fromPage[field.id], pageUnread, pageNotes[field.name])
              : error
                ? 'Required.'
                : 'The extension fills this from the page you are on; here, type or paste it.'
            : error
              ? 'Required.'
              : field.defaultValue && !value
                ? `Default: ${field.defaultValue}`
                : undefined;
        const { onChange: _typed, ...rest } = common;
        return (
          <DictationTextField
            key={field.id}
            {...rest}
            onValueChange={(next) => onChange(field.id, next)}
            placeholder={field.defaultValue}
            helperText={helper}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            maxRows={field.multiline ? 6 : undefined}
          />
        );
      })}
    </Stack>
  );
}

/** Where a page field's value came from. */
function pageHelper(name: string, value: string, fromPage: string | undefined, pageUnread: boolean, note: string | undefined): string {
  if (fromPage && value === fromPage)
    return `From this page${value.length > 200 ? ` (${value.length.toLocaleString('en-US')} characters)` : ''}`;
  if (value) return 'Typed by you';
  if (pageUnread) return 'The page is not read: use “Read this page” above, or type it here.';
  if (note) return note;
  if (name === 'selection') return 'Nothing is selected on the page: select text and read the page again, or type it here.';
  return 'Not found on this page: type it here.';
}
