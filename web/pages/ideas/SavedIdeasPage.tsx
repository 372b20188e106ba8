import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Button, Container, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import { IDEA_TEXTS, type StartupIdea } from '@/shared/core/ideas.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { GENERATOR_ANCHOR } from './GeneratedIdea.tsx';
import { IdeaDialog } from './IdeaDialog.tsx';
import { SavedIdeaCard } from './SavedIdeaCard.tsx';
import { useSavedIdeas } from './useSavedIdeas.ts';

const GENERATOR_PATH = `${ROUTES.appSummary}#${GENERATOR_ANCHOR}`;

/** Back where the user came from inside the app, else to the dashboard (a direct visit has no "back"). */
function useBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(ROUTES.dashboard);
  };
}

/** /saved-ideas: cards with View and Delete, and a back button. `?idea=<id>` opens one. */
export function SavedIdeasPage() {
  const { query, remove } = useSavedIdeas();
  const readOnly = useProfile()?.role === 'view_only';
  const back = useBack();
  const [params, setParams] = useSearchParams();
  const [viewing, setViewing] = useState<StartupIdea | null>(null);
  const [confirming, setConfirming] = useState<StartupIdea | null>(null);

  // ?idea=<id> (the generator's "View in Saved Ideas") opens that idea once the list is in.
  const requested = params.get('idea');
  useEffect(() => {
    // Only a fresh list: one cached from before the idea was saved would not have it yet.
    if (!requested || query.status !== 'success' || query.isFetching) return;
    setViewing(query.data.find((i) => i.id === requested) ?? null);
    setParams(
      (p) => {
        p.delete('idea');
        return p;
      },
      { replace: true },
    );
  }, [requested, query.status, query.isFetching, query.data, setParams]);

  const confirmDelete = async () => {
    const idea = confirming;
    setConfirming(null);
    if (idea && (await remove(idea)) && viewing?.id === idea.id) setViewing(null);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2, ml: -1 }}>
        Back
      </Button>
      <PageHeader
        title={IDEA_TEXTS.savedTitle}
        subtitle="Startup ideas you generated and saved, ready to read again or download."
        actions={
          <Button component={RouterLink} to={GENERATOR_PATH} variant="contained" startIcon={<AutoAwesomeIcon />}>
            Generate an idea
          </Button>
        }
      />

      <QueryState
        query={query}
        loadingLabel="Loading your saved ideas"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 8 }}
        errorText={(message) => `Error fetching ideas: ${message}`}
        retryColor="inherit"
        isEmpty={(ideas) => ideas.length === 0}
        empty={<EmptyState />}
      >
        {(ideas) => (
          <Box
            component="ul"
            aria-label="Saved ideas"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {ideas.map((idea) => (
              <SavedIdeaCard
                key={idea.id}
                idea={idea}
                onView={() => setViewing(idea)}
                onDelete={readOnly ? undefined : () => setConfirming(idea)}
              />
            ))}
          </Box>
        )}
      </QueryState>

      <IdeaDialog idea={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={Boolean(confirming)}
        title="Delete this idea?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      >
        “{confirming?.name}” will be deleted from your saved ideas. This cannot be undone.
      </ConfirmDialog>
    </Container>
  );
}

function EmptyState() {
  const color = '#F59E0B';
  return (
    <Box
      sx={{ textAlign: 'center', py: { xs: 6, md: 8 }, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          mx: 'auto',
          mb: 2,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          color,
          bgcolor: alpha(color, 0.14),
        }}
      >
        <LightbulbIcon />
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 2 }}>
        {IDEA_TEXTS.empty}
      </Typography>
      <Button component={RouterLink} to={GENERATOR_PATH} variant="contained" startIcon={<AutoAwesomeIcon />}>
        Open the Startup Idea Generator
      </Button>
    </Box>
  );
}
