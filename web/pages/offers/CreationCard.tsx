import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import GenerateIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { ModelPicker } from '@/shared/ui/ai/ModelPicker.tsx';
import { KnowledgeNote } from './KnowledgeNote.tsx';
import type { OfferBuilder } from './useOfferBuilder.ts';

/** The offer creation card: idea, niche or keyword → the offer's framework. */
export function CreationCard({ builder, onGenerate }: { builder: OfferBuilder; onGenerate: () => void }) {
  const { workspace, activity } = builder;
  const generating = activity === 'framework';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGenerate();
  };
  return (
    <Card component="section" aria-labelledby="offer-create-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="offer-create-title" variant="h6" component="h2">
          Create an offer
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The AI builds the framework first: a title, a description and 15-20 marketing assets. Add reference material in the{' '}
          <Link component={RouterLink} to={ROUTES.knowledgeBase}>
            Knowledge Base
          </Link>
          .
        </Typography>
        <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label="Create an offer">
          <TextField
            label="Idea, niche or keyword"
            value={workspace.idea}
            onChange={(e) => builder.setIdea(e.target.value)}
            placeholder="e.g. a 30-day course that helps yoga teachers sell online classes"
            multiline
            minRows={2}
            maxRows={8}
            fullWidth
          />
          <ModelPicker value={builder.choice} available={builder.available} onChange={builder.setChoice} idPrefix="offer" />
          <KnowledgeNote state={builder.knowledge.state} onRetry={() => void builder.knowledge.reload()} />
          {builder.frameworkError && (
            <Alert severity="error" role="alert">
              {builder.frameworkError}
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!workspace.idea.trim() || activity !== null || !builder.keysReady}
              startIcon={generating ? <CircularProgress size={18} color="inherit" aria-hidden /> : <GenerateIcon />}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {generating ? OFFER_TEXTS.generating : OFFER_TEXTS.generateButton}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
