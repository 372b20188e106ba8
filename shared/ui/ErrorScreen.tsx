import { useEffect, useRef } from 'react';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { clientErrorReport, type ClientErrorSurface } from '../core/admin/clientErrors.ts';
import { ERROR_SCREEN_TEXTS } from '../core/errorScreen.ts';
import { reportClientError } from '../data/clientErrors.ts';
import type { AppClient } from '../data/supabase.ts';

/**
 * Reports an error once (StrictMode's second effect and re-renders of the same screen report
 * nothing more). Reporting never fails the screen: a failed report is only logged.
 */
export function useReportedError(
  client: AppClient | (() => Promise<AppClient>),
  error: unknown,
  where: { path: string; release: string; surface: ClientErrorSurface },
): void {
  const reported = useRef<unknown>(null);
  const { path, release, surface } = where;
  useEffect(() => {
    if (reported.current === error) return;
    reported.current = error;
    console.error(error);
    const report = clientErrorReport(error, path, release, surface);
    void (async () => {
      const result = await reportClientError(typeof client === 'function' ? await client() : client, report);
      if (result.error) console.warn('The error could not be reported:', result.error.message);
    })();
  }, [client, error, path, release, surface]);
}

interface ErrorScreenProps {
  onReload: () => void;
  /** The way back to a page that works (the dashboard; the panel's first tab). */
  back: { label: string; onClick: () => void };
}

/** One sentence, Reload, and a way back: shown in place of a page that threw while drawing. */
export function ErrorScreen({ onReload, back }: ErrorScreenProps) {
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }} role="alert" aria-live="assertive">
      <Alert severity="error" variant="outlined">
        <AlertTitle>{ERROR_SCREEN_TEXTS.title}</AlertTitle>
        {ERROR_SCREEN_TEXTS.body}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={onReload}>
            {ERROR_SCREEN_TEXTS.reload}
          </Button>
          <Button variant="outlined" onClick={back.onClick}>
            {back.label}
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}
