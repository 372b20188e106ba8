import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { Link as RouterLink } from 'react-router-dom';
import OpenInNewIcon from '@mui/icons-material/OpenInBrowserOutlined';
import { reopenRunPath } from '@/shared/core/runPrompt.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { RunHistoryList } from '@/shared/ui/run/RunHistoryList.tsx';
import { historyListData, useRunOutputActions } from '../run/runSide.ts';
import { useRunHistory } from '../run/useRunHistory.ts';

/** Every run of every prompt, newest first: reopen one (its output, its values), open it in its runner, delete it or all. */
export function AllRunsHistory() {
  const history = useRunHistory({});
  const [expanded, setExpanded] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  const outputActions = useRunOutputActions();
  return (
    <Box component="section" aria-labelledby="all-runs-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="all-runs-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {RUN_TEXTS.withCount(RUN_TEXTS.allRunsTitle, history.query.data ? history.total : null)}
        </Typography>
        {history.query.data && history.total > 0 && (
          <Button color="error" startIcon={<DeleteSweepIcon />} onClick={() => setClearing(true)}>
            {RUN_TEXTS.clearHistory}
          </Button>
        )}
      </Stack>
      <RunHistoryList
        layout="page"
        {...historyListData(history)}
        actions={outputActions}
        allPrompts
        runActions={(run) => {
          const reopen = reopenRunPath(run);
          return (
            reopen && (
              <Button size="small" component={RouterLink} to={reopen} startIcon={<OpenInNewIcon fontSize="small" />}>
                {RUN_TEXTS.openInRunner}
              </Button>
            )
          );
        }}
        expandedId={expanded}
        onExpand={setExpanded}
      />
      <ConfirmDialog
        open={clearing}
        title={RUN_TEXTS.clearHistoryTitle}
        confirmLabel={RUN_TEXTS.clearHistory}
        onConfirm={() => {
          setClearing(false);
          void history.clear();
        }}
        onCancel={() => setClearing(false)}
      >
        {RUN_TEXTS.clearHistoryText}
      </ConfirmDialog>
    </Box>
  );
}
