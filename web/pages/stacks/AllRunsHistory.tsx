import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { RunHistoryList } from '../run/RunHistoryList.tsx';
import { useRunHistory } from '../run/useRunHistory.ts';

/** Every run of every prompt, newest first: reopen one (its output, its values), open it in its runner, delete it or all. */
export function AllRunsHistory() {
  const history = useRunHistory({});
  const [expanded, setExpanded] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  return (
    <Box component="section" aria-labelledby="all-runs-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="all-runs-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Your runs{history.status === 'ready' && history.total > 0 ? ` (${history.total})` : ''}
        </Typography>
        {history.status === 'ready' && history.total > 0 && (
          <Button color="error" startIcon={<DeleteSweepIcon />} onClick={() => setClearing(true)}>
            Clear history
          </Button>
        )}
      </Stack>
      <RunHistoryList history={history} allPrompts expandedId={expanded} onExpand={setExpanded} />
      <ConfirmDialog
        open={clearing}
        title="Clear your run history?"
        confirmLabel="Clear history"
        onConfirm={() => {
          setClearing(false);
          void history.clear();
        }}
        onCancel={() => setClearing(false)}
      >
        Every run, with its output and the values you filled in, is deleted. Your prompts stay. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
