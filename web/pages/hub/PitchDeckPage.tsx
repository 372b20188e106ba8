import { Button, Container, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditNoteOutlined';
import FavoriteIcon from '@mui/icons-material/FavoriteBorderOutlined';
import SlideshowIcon from '@mui/icons-material/SlideshowOutlined';
import IdeaIcon from '@mui/icons-material/LightbulbOutlined';
import { PITCH_DECK_POINTS } from '@/shared/core/hub.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { BlurbGrid, ComingSoonHero, OnTheList } from './comingSoonParts.tsx';
import { useFeatureRequest } from './useFeatureRequest.ts';

/** /pitch-deck: coming soon; 'I want this feature!' records interest. */
export function PitchDeckPage() {
  const { request, pending, requested } = useFeatureRequest();
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Pitch Deck" subtitle="Turn your offer into a persuasive pitch deck." />
      <ComingSoonHero
        icon={SlideshowIcon}
        color="#9333EA"
        heading="Coming Soon"
        text="The Pitch Deck builder will turn your product, offer and knowledge base into a complete, investor-ready deck. Let us know you want it so we can build it for you first."
        action={
          <>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              startIcon={<FavoriteIcon />}
              disabled={pending === 'pitch_deck'}
              onClick={() => void request('pitch_deck')}
            >
              I want this feature!
            </Button>
            <OnTheList show={requested.has('pitch_deck')} />
          </>
        }
      />
      <Typography variant="h5" component="h2" sx={{ mt: 5 }}>
        What it will do
      </Typography>
      <BlurbGrid blurbs={PITCH_DECK_POINTS} icons={[IdeaIcon, EditIcon, DownloadIcon]} columns={3} />
    </Container>
  );
}
