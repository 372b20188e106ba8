import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Container, Grid, Stack, Typography } from '@mui/material';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import VideoLibraryIcon from '@mui/icons-material/VideoLibraryOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import { catalogueSummary, categoriesOf } from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import type { TrainingVideo } from '@/shared/data/training.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useTraining } from './training/useTraining.ts';
import { VideoCard } from './training/VideoCard.tsx';
import { VideoPlayerDialog } from './training/VideoPlayerDialog.tsx';

const T = TRAINING_TEXTS.page;

function EmptyCatalogue() {
  return (
    <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 3 }}>
      <VideoLibraryIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {T.emptyTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {T.emptyBody}
      </Typography>
    </Card>
  );
}

function Catalogue({ videos }: { videos: TrainingVideo[] }) {
  const { watchedIds, setWatched, saving } = useTraining();
  const [category, setCategory] = useState<string | null>(null);
  const [playing, setPlaying] = useState<TrainingVideo | null>(null);
  const categories = useMemo(() => categoriesOf(videos), [videos]);
  // A category whose last video went away (a refetch) falls back to All.
  const active = category !== null && categories.includes(category) ? category : null;
  const shown = active === null ? videos : videos.filter((v) => v.category === active);
  const onWatched = (video: TrainingVideo, mark: boolean) => setWatched(video.id, mark);
  return (
    <>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {catalogueSummary(videos)}
      </Typography>
      {categories.length > 1 && (
        <Stack direction="row" spacing={1} useFlexGap role="group" aria-label={T.categoriesLabel} sx={{ flexWrap: 'wrap', mb: 3 }}>
          {[null, ...categories].map((c) => {
            const selected = active === c;
            return (
              <Chip
                key={c ?? ''}
                label={c ?? T.allCategories}
                clickable
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => setCategory(c)}
              />
            );
          })}
        </Stack>
      )}
      <Grid container spacing={3}>
        {shown.map((video) => (
          <Grid key={video.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <VideoCard
              video={video}
              watched={watchedIds.has(video.id)}
              saving={saving === video.id}
              onPlay={setPlaying}
              onWatched={onWatched}
            />
          </Grid>
        ))}
      </Grid>
      <VideoPlayerDialog
        video={playing}
        watched={playing ? watchedIds.has(playing.id) : false}
        saving={playing !== null && saving === playing.id}
        onWatched={onWatched}
        onClose={() => setPlaying(null)}
      />
    </>
  );
}

/** /training: the published videos by category, played in an embed, with the user's watched marks. */
export function TrainingPage() {
  const { videos } = useTraining();
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <QueryState
        query={videos}
        loadingLabel={T.loading}
        errorText={(text) => `${T.loadError}: ${text}`}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyCatalogue />}
      >
        {(list) => <Catalogue videos={list} />}
      </QueryState>
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
