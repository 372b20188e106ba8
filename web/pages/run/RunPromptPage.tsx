import type { ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, CircularProgress, Container, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { badgeOf } from '@/shared/core/promptStacks.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { BackButton } from '@/web/components/BackButton.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { PromptRunner } from './PromptRunner.tsx';
import { useRunnablePrompt } from './useRunnablePrompt.ts';

// Back where the user came from (My Prompts, History, …); Prompt Stacks on a tab's first page.
const backToStacks = <BackButton fallback={{ to: ROUTES.promptStacks, label: 'Prompt Stacks' }} />;

function Page({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {children}
    </Container>
  );
}

/**
 * /run-prompt/{promptId}: one of the user's saved prompts or a
 * built-in free one, filled in and run with the user's own key. Premium prompts are blocked
 * without the plan (the database then gives only their teaser); a missing or foreign prompt is
 * 'Prompt not found'.
 */
export function RunPromptPage() {
  const { promptId = '' } = useParams();
  const [params] = useSearchParams();
  const { loaded, reload } = useRunnablePrompt(promptId);

  if (loaded.status === 'loading') {
    return (
      <Page>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
          <CircularProgress aria-label="Loading the prompt" />
        </Box>
      </Page>
    );
  }
  if (loaded.status === 'missing') {
    return (
      <Page>
        <PageHeader title={RUN_TEXTS.notFound} />
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography sx={{ mb: 3 }}>{RUN_TEXTS.notFoundText}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <Button component={RouterLink} to={ROUTES.promptStacks} variant="contained">
                Browse Prompt Stacks
              </Button>
              <Button component={RouterLink} to={ROUTES.myPrompts} variant="outlined">
                Go to My Prompts
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Page>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Page>
        <PageHeader title={RUN_TEXTS.loadError} actions={backToStacks} />
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void reload()}>
              Try again
            </Button>
          }
        >
          {loaded.message}
        </Alert>
      </Page>
    );
  }

  const { prompt, origin } = loaded;
  const locked = prompt.locked;
  return (
    <Page>
      <PageHeader
        title={prompt.name}
        subtitle={
          <Stack component="span" direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Chip
              component="span"
              size="small"
              label={badgeOf(prompt.isPremium)}
              color={prompt.isPremium ? 'secondary' : 'success'}
              variant="outlined"
              icon={prompt.isPremium ? <LockIcon /> : undefined}
            />
            <span>{origin}</span>
            {prompt.description && <span>· {prompt.description}</span>}
          </Stack>
        }
        actions={backToStacks}
      />
      {locked ? (
        <Alert
          severity="info"
          icon={<LockIcon />}
          action={
            <Button component={RouterLink} to={ROUTES.billing} color="inherit" size="small">
              See plans
            </Button>
          }
        >
          <AlertTitle>{RUN_TEXTS.subscriptionRequired}</AlertTitle>
          {RUN_TEXTS.subscriptionRequiredText}
        </Alert>
      ) : (
        <PromptRunner key={prompt.id} prompt={prompt} reopenRunId={params.get('run')} />
      )}
    </Page>
  );
}
