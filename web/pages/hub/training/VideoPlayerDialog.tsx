import { Box, Button, Dialog, DialogActions, DialogTitle, IconButton, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import UncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { embedUrl, parseVideoUrl } from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import type { TrainingVideo } from '@/shared/data/training.ts';

const T = TRAINING_TEXTS.page;

export interface VideoPlayerDialogProps {
  video: TrainingVideo | null;
  watched: boolean;
  saving: boolean;
  onWatched: (video: TrainingVideo, watched: boolean) => void;
  onClose: () => void;
}

/** The provider's player in an iframe; Escape, the close button or the backdrop close it (and stop the video). */
export function VideoPlayerDialog({ video, watched, saving, onWatched, onClose }: VideoPlayerDialogProps) {
  const ref = video ? parseVideoUrl(video.url) : null;
  return (
    <Dialog open={video !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="video-player-title">
      <DialogTitle id="video-player-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {video?.title}
        <IconButton aria-label={T.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {video && ref && (
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: '#000000' }}>
          <Box
            component="iframe"
            src={embedUrl(ref)}
            title={video.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </Box>
      )}
      {video && (
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'space-between' }}>
            <Button
              color={watched ? 'success' : 'inherit'}
              startIcon={watched ? <CheckIcon /> : <UncheckedIcon />}
              // Not disabled while saving: a disabled button drops keyboard focus out of the dialog (Escape then does nothing).
              onClick={() => {
                if (!saving) onWatched(video, !watched);
              }}
              aria-disabled={saving}
              aria-pressed={watched}
            >
              {watched ? T.watched : T.markWatched}
            </Button>
            <Button onClick={onClose}>Close</Button>
          </Stack>
        </DialogActions>
      )}
    </Dialog>
  );
}
