import { Box, Button, CircularProgress } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import type { SaveState } from './useWorkspace.ts';

/** "All changes saved" / "Saving…" / "Not saved" (with retry) under the workspace's title; announced politely. */
export function SaveStatus({ state, readOnly, onRetry }: { state: SaveState; readOnly: boolean; onRetry: () => void }) {
  if (readOnly) return <>Read-only</>;
  return (
    <Box component="span" role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minHeight: 30 }}>
      {state === 'saved' && (
        <>
          <CheckIcon fontSize="small" color="success" aria-hidden /> All changes saved
        </>
      )}
      {state === 'saving' && (
        <>
          <CircularProgress size={14} aria-hidden /> Saving…
        </>
      )}
      {state === 'error' && (
        <>
          Not saved.
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        </>
      )}
      {state === 'gone' && <>This workspace was deleted in another tab or window. Your last change could not be saved.</>}
    </Box>
  );
}
