import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import type { SourceKind } from '@/shared/core/pitchDeck/deck.ts';
import { ideaBrief, offerBrief, SOURCE_MAX, textBrief } from '@/shared/core/pitchDeck/prompts.ts';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { getOffer } from '@/shared/data/offers.ts';
import { ModelPicker, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { KnowledgeSelect } from '@/shared/ui/knowledge/KnowledgeSelect.tsx';
import type { KnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { ideaQueries } from '@/web/queries/ideas.ts';
import { offerQueries } from '@/web/queries/offers.ts';
import { KnowledgeBaseLink } from '../knowledge/KnowledgeBaseLink.tsx';
import { ProblemAlert } from './ProblemAlert.tsx';
import type { DeckProblem, DeckSource } from './usePitchDeck.ts';

export interface SourceChoice {
  kind: SourceKind;
  ideaId: string;
  offerId: string;
  text: string;
}

/**
 * "What the deck is about": a saved idea, a saved offer or the user's own words; the knowledge
 * base to ground it in; the provider and model; Generate (Stop while it runs).
 */
export function SourceCard({
  source,
  onSource,
  knowledge,
  available,
  choice,
  onChoice,
  canRun,
  generating,
  problem,
  onDismissProblem,
  onGenerate,
  onStop,
}: {
  source: SourceChoice;
  onSource: (source: SourceChoice) => void;
  knowledge: KnowledgeChoice;
  available: AvailableKeys;
  choice: ModelChoice;
  onChoice: (choice: ModelChoice) => void;
  canRun: boolean;
  generating: boolean;
  problem: DeckProblem | null;
  onDismissProblem: () => void;
  onGenerate: (source: DeckSource) => void;
  onStop: () => void;
}) {
  const ideas = useQuery(ideaQueries.list());
  const offers = useQuery(offerQueries.list());
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [loadingOffer, setLoadingOffer] = useState(false);
  const set = (change: Partial<SourceChoice>) => {
    setFieldError(null);
    onSource({ ...source, ...change });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canRun) return;
    if (source.kind === 'text') {
      const text = source.text.trim();
      if (!text) return setFieldError(T.textRequired);
      if (text.length > SOURCE_MAX) return setFieldError(T.textTooLong);
      return onGenerate({ kind: 'text', id: null, brief: textBrief(text) });
    }
    if (source.kind === 'idea') {
      const idea = ideas.data?.find((i) => i.id === source.ideaId);
      if (!idea) return setFieldError(T.chooseIdea);
      return onGenerate({ kind: 'idea', id: idea.id, brief: ideaBrief(idea) });
    }
    if (!source.offerId) return setFieldError(T.chooseOffer);
    setLoadingOffer(true);
    const offer = await getOffer(supabase, source.offerId);
    setLoadingOffer(false);
    if (offer.error) return setFieldError(offer.error.message);
    if (!offer.data) return setFieldError(T.sourceMissing);
    onGenerate({ kind: 'offer', id: source.offerId, brief: offerBrief(offer.data) });
  };

  const ideaMissing = source.kind === 'idea' && source.ideaId && ideas.data && !ideas.data.some((i) => i.id === source.ideaId);
  const offerMissing = source.kind === 'offer' && source.offerId && offers.data && !offers.data.some((o) => o.id === source.offerId);

  return (
    <Card component="section" aria-labelledby="deck-source-heading" sx={{ mb: 4 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id="deck-source-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          {T.sourceHeading}
        </Typography>
        <Stack component="form" aria-label="Generate a pitch deck" noValidate onSubmit={(e) => void submit(e)} spacing={2.5}>
          <RadioGroup row aria-label={T.sourceLabel} value={source.kind} onChange={(e) => set({ kind: e.target.value as SourceKind })}>
            <FormControlLabel value="idea" control={<Radio />} label={T.sourceIdea} />
            <FormControlLabel value="offer" control={<Radio />} label={T.sourceOffer} />
            <FormControlLabel value="text" control={<Radio />} label={T.sourceText} />
          </RadioGroup>

          {source.kind === 'idea' &&
            (ideas.data?.length === 0 ? (
              <Alert
                severity="info"
                action={
                  <Button component={RouterLink} to={`${ROUTES.appSummary}#startup-idea-generator`}>
                    Generate an idea
                  </Button>
                }
              >
                {T.noIdeas}
              </Alert>
            ) : (
              <TextField
                select
                label={T.ideaLabel}
                value={ideas.data?.some((i) => i.id === source.ideaId) ? source.ideaId : ''}
                onChange={(e) => set({ ideaId: e.target.value })}
                disabled={!ideas.data}
                error={Boolean(fieldError) || Boolean(ideaMissing)}
                helperText={
                  fieldError ?? (ideaMissing ? T.sourceMissing : ideas.error ? `Error fetching ideas: ${ideas.error.message}` : ' ')
                }
              >
                {(ideas.data ?? []).map((idea) => (
                  <MenuItem key={idea.id} value={idea.id}>
                    {idea.name}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          {source.kind === 'offer' &&
            (offers.data?.length === 0 ? (
              <Alert
                severity="info"
                action={
                  <Button component={RouterLink} to={ROUTES.offerBuilder}>
                    Open the Offer Builder
                  </Button>
                }
              >
                {T.noOffers}
              </Alert>
            ) : (
              <TextField
                select
                label={T.offerLabel}
                value={offers.data?.some((o) => o.id === source.offerId) ? source.offerId : ''}
                onChange={(e) => set({ offerId: e.target.value })}
                disabled={!offers.data}
                error={Boolean(fieldError) || Boolean(offerMissing)}
                helperText={
                  fieldError ?? (offerMissing ? T.sourceMissing : offers.error ? `Error fetching offers: ${offers.error.message}` : ' ')
                }
              >
                {(offers.data ?? []).map((offer) => (
                  <MenuItem key={offer.id} value={offer.id}>
                    {offer.title}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          {source.kind === 'text' && (
            <TextField
              label={T.textLabel}
              placeholder={T.textPlaceholder}
              value={source.text}
              onChange={(e) => set({ text: e.target.value })}
              multiline
              minRows={3}
              maxRows={10}
              error={Boolean(fieldError)}
              helperText={
                fieldError ?? `${source.text.trim().length.toLocaleString('en-US')} / ${SOURCE_MAX.toLocaleString('en-US')} characters`
              }
            />
          )}

          <KnowledgeSelect knowledge={knowledge} idPrefix="deck" disabled={generating} addDocuments={<KnowledgeBaseLink />} />
          <ModelPicker value={choice} available={available} onChange={onChoice} idPrefix="deck" />

          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<AutoAwesomeIcon />}
              disabled={!canRun || generating || loadingOffer}
            >
              {generating ? 'Generating…' : T.generate}
            </Button>
            {generating && (
              <Button variant="outlined" size="large" startIcon={<StopIcon />} onClick={onStop}>
                Stop
              </Button>
            )}
          </Stack>
          {generating && (
            <Box role="status">
              <LinearProgress aria-label={T.generating} sx={{ borderRadius: 1, mb: 1 }} />
              <Typography variant="body2" color="text.secondary">
                {T.generating} with {choice.model}… this can take a minute.
              </Typography>
            </Box>
          )}
          {problem && <ProblemAlert problem={problem} onClose={onDismissProblem} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
