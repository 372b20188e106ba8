import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import { IDEA_LIMITS, IDEA_TEXTS } from '@/shared/core/ideas.ts';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import { authPathFor, ROUTES } from '@/shared/core/routes.ts';
import { hasUsableKey, ModelPicker, targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { GENERATOR_ANCHOR, GeneratedIdea } from './GeneratedIdea.tsx';
import { IdeaFollowUps } from './IdeaFollowUps.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { useAvailableKeys } from './useAvailableKeys.ts';
import { useIdeaGenerator } from './useIdeaGenerator.ts';
import { DictationTextField } from '@/shared/ui/ai/dictation.tsx';

const ACCENT = '#F59E0B';

/** The provider to start with: the first one the visitor has a key for. */
const firstUsable = (available: AvailableKeys) => PROVIDER_IDS.find((id) => hasUsableKey(id, available));

/**
 * The Startup Idea Generator (a placeholder in the original, built for real): describe an interest or a market,
 * pick a provider and model, get a structured idea from the AI, then save, regenerate or download it.
 */
export function IdeaGeneratorCard() {
  const keys = useAvailableKeys();
  const profile = useProfile();
  const generator = useIdeaGenerator();
  const { draft } = generator;
  const [choice, setChoice] = useState<ModelChoice>({ provider: 'openai', model: '' });
  const cardRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // Once per loaded key set (sign-in loads the account's): start on a provider with a key.
  const pickedFor = useRef<AvailableKeys | null>(null);
  useEffect(() => {
    if (!keys.ready || pickedFor.current === keys.available) return;
    pickedFor.current = keys.available;
    const first = firstUsable(keys.available);
    if (first && !hasUsableKey(choice.provider, keys.available)) setChoice({ provider: first, model: '' });
  }, [keys.ready, keys.available, choice.provider]);

  // Arriving at #startup-idea-generator (links, the way back from sign-in): bring the card into view.
  useEffect(() => {
    if (location.hash === `#${GENERATOR_ANCHOR}`) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  const noKeyAtAll = keys.ready && !firstUsable(keys.available);
  const usable = hasUsableKey(choice.provider, keys.available);
  const using = { target: targetFor(choice.provider, keys.available), model: choice.model };
  const canRun = keys.ready && usable && Boolean(choice.model) && !generator.generating;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRun) generator.generate(using);
  };
  // Ctrl/⌘+Enter generates from the multi-line field.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  };
  const { error } = generator;

  return (
    <Card
      component="section"
      id={GENERATOR_ANCHOR}
      ref={cardRef}
      aria-labelledby="idea-generator-heading"
      sx={{ mb: { xs: 4, md: 6 }, scrollMarginTop: 88, borderColor: alpha(ACCENT, 0.45) }}
    >
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
          <Box
            sx={{
              width: 56,
              height: 56,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              color: ACCENT,
              bgcolor: alpha(ACCENT, 0.14),
              flexShrink: 0,
            }}
          >
            <LightbulbIcon />
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id="idea-generator-heading" variant="h5" component="h2">
              {IDEA_TEXTS.generatorTitle}
            </Typography>
            <Typography color="text.secondary">
              Describe an interest or a market and get a complete startup idea: market, users, revenue, competitors, weaknesses and a
              business plan.
            </Typography>
          </Box>
          {keys.signedIn && (
            <Button
              component={RouterLink}
              to={ROUTES.savedIdeas}
              variant="text"
              startIcon={<BookmarksIcon />}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            >
              Saved ideas
            </Button>
          )}
        </Stack>

        <Stack component="form" aria-label="Generate a startup idea" noValidate onSubmit={submit} spacing={2}>
          <DictationTextField
            label="Interest or market"
            placeholder="For example: sustainable fashion for teenagers, tools for independent dentists, home workouts for seniors"
            value={draft.interest}
            onValueChange={generator.setInterest}
            onKeyDown={onKeyDown}
            multiline
            minRows={2}
            maxRows={8}
            fullWidth
            error={Boolean(generator.interestError)}
            helperText={
              generator.interestError ??
              `${draft.interest.trim().length.toLocaleString('en-US')} / ${IDEA_LIMITS.interestMax.toLocaleString('en-US')} characters`
            }
            slotProps={{ htmlInput: { maxLength: IDEA_LIMITS.interestMax + 200 } }}
          />
          {noKeyAtAll ? (
            <NoKeyMessage signedIn={keys.signedIn} />
          ) : (
            <ModelPicker value={choice} available={keys.available} onChange={setChoice} idPrefix="idea" />
          )}
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button type="submit" variant="contained" size="large" startIcon={<AutoAwesomeIcon />} disabled={!canRun}>
              {generator.generating ? 'Generating…' : 'Generate idea'}
            </Button>
            {generator.generating && (
              <Button variant="outlined" size="large" startIcon={<StopIcon />} onClick={generator.stop}>
                Stop
              </Button>
            )}
          </Stack>
          {generator.generating && (
            <Box role="status">
              <LinearProgress aria-label="Generating your idea" sx={{ borderRadius: 1, mb: 1 }} />
              <Typography variant="body2" color="text.secondary">
                Generating your idea with {choice.model}… this can take a minute.
              </Typography>
            </Box>
          )}
          {error && (
            <Alert
              severity="error"
              onClose={generator.dismissError}
              action={
                error.kind === 'auth' || error.kind === 'noKey' ? (
                  <Button component={RouterLink} to={ROUTES.settings} color="inherit" size="small">
                    Open Settings
                  </Button>
                ) : undefined
              }
            >
              <AlertTitle>{error.title}</AlertTitle>
              {error.message}
            </Alert>
          )}
        </Stack>

        {draft.idea && (
          <GeneratedIdea
            idea={draft.idea}
            signedIn={keys.signedIn}
            readOnly={profile?.role === 'view_only'}
            savedId={draft.savedId}
            saving={generator.saving}
            saveAfterSignIn={draft.saveAfterSignIn}
            busy={generator.generating}
            canRegenerate={canRun}
            onSave={() => void generator.save(keys.signedIn)}
            onRegenerate={() => generator.regenerate(using)}
          />
        )}
        {draft.idea && keys.signedIn && profile?.role !== 'view_only' && !generator.generating && (
          <IdeaFollowUps
            key={`${draft.ideaFor}|${draft.idea.name}`}
            idea={draft.idea}
            interest={draft.ideaFor}
            available={keys.available}
            choice={choice}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** No key for any provider: where to add one (signed out: sign in first; keys live in Settings). */
function NoKeyMessage({ signedIn }: { signedIn: boolean }) {
  return (
    <Alert severity="info">
      <AlertTitle>Add an AI provider key to generate ideas</AlertTitle>
      The generator runs on your own key (OpenAI, Gemini, Anthropic, Cohere, AI21, Hugging Face or a local model). Add it in Settings: it
      stays in your browser and your account, and goes only to your provider.
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {signedIn ? (
          <Button component={RouterLink} to={ROUTES.settings} variant="contained" size="small">
            Add a key in Settings
          </Button>
        ) : (
          <>
            <Button component={RouterLink} to={`${authPathFor(ROUTES.settings)}&mode=signin`} variant="contained" size="small">
              Sign in to add a key
            </Button>
            <Button component={RouterLink} to={authPathFor(ROUTES.settings)} variant="outlined" size="small">
              Create a free account
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}
