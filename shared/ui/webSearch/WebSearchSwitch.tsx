import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import type { WebSearchChoice } from './useWebSearchChoice.ts';

/** The "Search the web" switch under a prompt, described by what it does. */
export function WebSearchSwitch({ web, idPrefix, disabled }: { web: WebSearchChoice; idPrefix: string; disabled?: boolean }) {
  const helpId = `${idPrefix}-web-search-help`;
  return (
    <Stack spacing={0}>
      <FormControlLabel
        control={
          <Switch
            checked={web.on}
            onChange={(event) => web.setOn(event.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={WEB_SEARCH_TEXTS.switchLabel}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {WEB_SEARCH_TEXTS.switchHelp}
      </FormHelperText>
    </Stack>
  );
}
