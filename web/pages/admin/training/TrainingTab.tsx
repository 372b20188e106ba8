import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import { formatDuration, parseVideoUrl, providerName } from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import type { TrainingVideo } from '@/shared/data/training.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import type { AdminTabProps } from '../adminTabs.ts';
import { TrainingVideoDialog } from './TrainingVideoDialog.tsx';
import { useTrainingAdmin } from './useTrainingAdmin.ts';

const T = TRAINING_TEXTS.admin;

type Confirming = { kind: 'remove' | 'unpublish'; video: TrainingVideo } | null;

/** The Training page's catalogue: add, edit, order, publish or unpublish and remove videos. */
export function TrainingTab({ reloadKey }: AdminTabProps) {
  const admin = useTrainingAdmin(reloadKey);
  const [editing, setEditing] = useState<{ video: TrainingVideo | null } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const confirm = () => {
    if (!confirming) return;
    const { kind, video } = confirming;
    setConfirming(null);
    void (kind === 'remove' ? admin.remove(video) : admin.setPublished(video, false));
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h6" component="h2">
            {T.heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.intro}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ video: null })} sx={{ flexShrink: 0 }}>
          {T.add}
        </Button>
      </Stack>
      <QueryState
        query={admin.catalogue}
        loadingLabel={T.loading}
        errorText={(text) => `${T.loadError}: ${text}`}
        isEmpty={(videos) => videos.length === 0}
        empty={<Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{T.emptyBody}</Typography>}
      >
        {(videos) => (
          <Stack component="ol" aria-label={T.heading} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {videos.map((video, index) => {
              const ref = parseVideoUrl(video.url);
              return (
                <Card key={video.id} component="li" aria-label={video.title} variant="outlined">
                  <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'center' } }}>
                    <Stack direction={{ xs: 'row', md: 'column' }} sx={{ flexShrink: 0 }}>
                      <Tooltip title={T.moveUp}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`${T.moveUp}: ${video.title}`}
                            disabled={index === 0 || admin.busy}
                            onClick={() => void admin.move(video, 'up')}
                          >
                            <UpIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={T.moveDown}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`${T.moveDown}: ${video.title}`}
                            disabled={index === videos.length - 1 || admin.busy}
                            onClick={() => void admin.move(video, 'down')}
                          >
                            <DownIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </Stack>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                          {video.title}
                        </Typography>
                        <Chip
                          size="small"
                          label={video.published ? T.published : T.draft}
                          color={video.published ? 'success' : 'default'}
                          variant={video.published ? 'filled' : 'outlined'}
                        />
                      </Stack>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {[
                          video.category,
                          video.duration_seconds === null ? null : formatDuration(video.duration_seconds),
                          ref && providerName(ref.provider),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </Box>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
                      <Button
                        size="small"
                        variant={video.published ? 'outlined' : 'contained'}
                        disabled={admin.busy}
                        aria-label={`${video.published ? T.unpublish : T.publish}: ${video.title}`}
                        onClick={() =>
                          video.published ? setConfirming({ kind: 'unpublish', video }) : void admin.setPublished(video, true)
                        }
                      >
                        {video.published ? T.unpublish : T.publish}
                      </Button>
                      <Button
                        size="small"
                        disabled={admin.busy}
                        aria-label={`${T.edit}: ${video.title}`}
                        onClick={() => setEditing({ video })}
                      >
                        {T.edit}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={admin.busy}
                        aria-label={`${T.remove}: ${video.title}`}
                        onClick={() => setConfirming({ kind: 'remove', video })}
                      >
                        {T.remove}
                      </Button>
                    </Stack>
                  </CardContent>
                </Card>
              );
            })}
          </Stack>
        )}
      </QueryState>
      <TrainingVideoDialog
        open={editing !== null}
        video={editing?.video ?? null}
        saving={admin.busy}
        onSave={(input) => admin.save(editing?.video ?? null, input)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'remove' ? T.removeTitle : T.unpublishTitle}
        confirmLabel={confirming?.kind === 'remove' ? T.remove : T.unpublish}
        destructive={confirming?.kind === 'remove'}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (confirming.kind === 'remove' ? T.removeBody(confirming.video.title) : T.unpublishBody(confirming.video.title))}
      </ConfirmDialog>
    </Stack>
  );
}
