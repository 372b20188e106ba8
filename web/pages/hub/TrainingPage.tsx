import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Container, Grid, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayIcon from '@mui/icons-material/PlayCircleFilledWhiteOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import { totalDuration, TRAINING_VIDEOS, watchVideoNotice, type TrainingVideo, type VideoCategory } from '@/shared/core/hub.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';

const CATEGORY_COLORS: Record<VideoCategory, string> = {
  Basics: '#4F46E5',
  'Advanced Prompts': '#9333EA',
  Tools: '#0EA5E9',
};

function VideoCard({ video, onWatch }: { video: TrainingVideo; onWatch: (video: TrainingVideo) => void }) {
  const color = CATEGORY_COLORS[video.category];
  return (
    <Card component="article" aria-labelledby={`video-${video.id}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        aria-hidden
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          display: 'grid',
          placeItems: 'center',
          color: '#FFFFFF',
          background: `linear-gradient(135deg, ${color}, ${alpha(color, 0.65)})`,
        }}
      >
        <PlayIcon sx={{ fontSize: 64, opacity: 0.95 }} />
        <Chip
          label={video.duration}
          size="small"
          sx={{ position: 'absolute', right: 12, bottom: 12, bgcolor: 'rgba(17,24,39,0.75)', color: '#FFFFFF', fontWeight: 700 }}
        />
      </Box>
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip label={video.category} size="small" sx={{ bgcolor: alpha(color, 0.1), color, fontWeight: 700 }} />
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden /> {video.duration}
          </Typography>
        </Stack>
        <Typography variant="h6" component="h2" id={`video-${video.id}`} sx={{ lineHeight: 1.3 }}>
          {video.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {video.description}
        </Typography>
        <Button
          variant="contained"
          startIcon={<PlayIcon />}
          endIcon={<OpenInNewIcon fontSize="small" />}
          onClick={() => onWatch(video)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Watch Video
        </Button>
      </CardContent>
    </Card>
  );
}

/** /training: three videos, each opening in a new tab, and a link to support. */
export function TrainingPage() {
  const notify = useNotify();
  const watch = (video: TrainingVideo) => {
    notify(watchVideoNotice(video));
    window.open(video.url, '_blank', 'noopener');
  };

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader
        title="Training Hub"
        subtitle={`Short videos to get the most out of AI Vault · ${TRAINING_VIDEOS.length} videos, ${totalDuration(TRAINING_VIDEOS.map((v) => v.duration))} in total`}
      />
      <Grid container spacing={3}>
        {TRAINING_VIDEOS.map((video) => (
          <Grid key={video.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <VideoCard video={video} onWatch={watch} />
          </Grid>
        ))}
      </Grid>
      <Card sx={{ mt: 4 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <HelpIcon color="primary" aria-hidden />
              <Box>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  Still have questions?
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Our support team is happy to help you get set up.
                </Typography>
              </Box>
            </Stack>
            <Button component={RouterLink} to={ROUTES.support} variant="outlined" sx={{ flexShrink: 0 }}>
              Visit Support
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
