import { Alert, Box, Button, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import LanguageIcon from '@mui/icons-material/Language';
import RefreshIcon from '@mui/icons-material/Refresh';
import { pageCutNote } from '@/extension/lib/runPrompt.ts';
import type { PageState } from './pageContext.tsx';

/**
 * The tab the page variables come from: its title and address, whether it could be read (with
 * "Read this page" when access is missing), the note when {{page}} was cut, and a re-read.
 */
export function PageCard({ page }: { page: PageState }) {
  const { tab, read, reading } = page;
  if (!tab) {
    return <Alert severity="info">Open a web page in this window to fill the page fields.</Alert>;
  }
  const note = read?.ok ? pageCutNote(read.context) : null;
  return (
    <Box component="section" aria-label="This page" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.25 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <LanguageIcon fontSize="small" color="action" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={tab.title}>
            {tab.title || tab.url}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p" title={tab.url}>
            {tab.url}
          </Typography>
        </Box>
        {reading ? (
          <CircularProgress size={20} aria-label="Reading the page" />
        ) : (
          read?.ok && (
            <Tooltip title="Read the page again">
              <IconButton size="small" aria-label="Read the page again" onClick={() => void page.refresh()}>
                <RefreshIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        )}
      </Stack>
      {!reading && read && !read.ok && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography variant="body2" color={read.reason === 'restricted' ? 'text.secondary' : 'text.primary'}>
            {read.message}
          </Typography>
          {read.reason === 'noAccess' && (
            <Button variant="contained" size="small" onClick={() => void page.requestAccess()} sx={{ alignSelf: 'flex-start' }}>
              Read this page
            </Button>
          )}
        </Stack>
      )}
      {note && (
        <Stack direction="row" spacing={0.75} role="note" sx={{ mt: 1, alignItems: 'flex-start' }}>
          <ContentCutIcon fontSize="small" color="warning" sx={{ mt: '1px' }} />
          <Typography variant="caption" color="text.primary">
            {note}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
