import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { searchesNatively, WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import type { WebSearchChoice } from './useWebSearchChoice.ts';

/**
 * The "Search the web" switch under a prompt, described by what it does: with `provider` (a
 * prompt's run), a provider that searches with its own tool says so.
 */
export function WebSearchSwitch({
  web,
  idPrefix,
  disabled,
  provider,
}: {
  web: WebSearchChoice;
  idPrefix: string;
  disabled?: boolean;
  provider?: string;
}) {
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
        {provider && searchesNatively(provider) ? WEB_SEARCH_TEXTS.switchHelpNative(provider) : WEB_SEARCH_TEXTS.switchHelp}
      </FormHelperText>
    </Stack>
  );
}
