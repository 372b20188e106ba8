import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircle';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import UncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import type { TrainingVideo } from '@/shared/data/training.ts';
import { VideoThumbnail } from './VideoThumbnail.tsx';

const T = TRAINING_TEXTS.page;

export interface VideoCardProps {
  video: TrainingVideo;
  watched: boolean;
  saving: boolean;
  onPlay: (video: TrainingVideo) => void;
  onWatched: (video: TrainingVideo, watched: boolean) => void;
}

/** One video: thumbnail (plays it), category, title, description, Play and the watched mark. */
export function VideoCard({ video, watched, saving, onPlay, onWatched }: VideoCardProps) {
  const headingId = `video-${video.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* A click on the picture plays too; keyboards and screen readers use the Play button. */}
      <Box onClick={() => onPlay(video)} sx={{ cursor: 'pointer' }}>
        <VideoThumbnail url={video.url} durationSeconds={video.duration_seconds} />
      </Box>
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Chip label={video.category} size="small" color="primary" variant="outlined" sx={{ fontWeight: 700 }} />
          {watched && <Chip icon={<CheckIcon />} label={T.watched} size="small" color="success" sx={{ fontWeight: 700 }} />}
        </Stack>
        <Typography variant="h6" component="h2" id={headingId} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {video.title}
        </Typography>
        {video.description && (
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {video.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 'auto' }}>
          <Button variant="contained" startIcon={<PlayIcon />} onClick={() => onPlay(video)} aria-label={`${T.play} ${video.title}`}>
            {T.play}
          </Button>
          <Button
            variant="text"
            color={watched ? 'success' : 'inherit'}
            startIcon={watched ? <CheckIcon /> : <UncheckedIcon />}
            onClick={() => onWatched(video, !watched)}
            disabled={saving}
            aria-pressed={watched}
          >
            {watched ? T.watched : T.markWatched}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
