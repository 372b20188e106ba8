import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { suggestionPromptName, type SuggestionView } from '@/shared/core/documents/generator.ts';
import type { Generator } from './useGenerator.ts';

/** The suggested-prompt step: analysing, the suggestion with its reasoning, or why there is none. */
export function SuggestionPanel({
  generator: g,
  onSaveToLibrary,
}: {
  generator: Generator;
  onSaveToLibrary: (text: string, name?: string) => void;
}) {
  const { flow } = g;
  const save = (s: SuggestionView) => onSaveToLibrary(s.suggestedPromptText, suggestionPromptName(s));

  if (flow.step === 'analysing') {
    return (
      <Paper variant="outlined" role="status" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography variant="body2" sx={{ flex: 1 }}>
          Analysing your prompt for a sharper version…
        </Typography>
        <Button onClick={g.cancelAnalysis}>Cancel</Button>
      </Paper>
    );
  }

  if (flow.step === 'analysisFailed') {
    return (
      <Alert
        severity="warning"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button color="inherit" size="small" onClick={() => void g.improve()}>
              Try again
            </Button>
            <Button color="inherit" size="small" onClick={g.skipSuggestion}>
              Continue with my prompt
            </Button>
          </Stack>
        }
      >
        <AlertTitle>No suggestion this time</AlertTitle>
        {flow.message}
      </Alert>
    );
  }

  if (flow.step === 'suggested') {
    const s = flow.suggestion;
    return (
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="suggestion-title"
        sx={{ p: { xs: 2, sm: 2.5 }, borderColor: 'primary.main' }}
      >
        <Typography id="suggestion-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Suggested prompt
        </Typography>
        <Typography
          data-testid="suggested-prompt"
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1.5 }}
        >
          {s.suggestedPromptText}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="suggestion-reasoning">
          <strong>Why:</strong> {s.reasoningText}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={g.useSuggestion}>
            Use suggestion
          </Button>
          <Button variant="outlined" onClick={g.keepOriginal}>
            Keep my prompt
          </Button>
          <Button onClick={() => save(s)}>Save suggestion to library</Button>
        </Stack>
      </Paper>
    );
  }

  if ((flow.step === 'ready' || flow.step === 'generating') && flow.suggestion) {
    const s = flow.suggestion;
    const usingSuggestion = flow.using === 'suggestion';
    return (
      <Alert
        severity="info"
        role="status"
        action={
          flow.step === 'ready' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button color="inherit" size="small" onClick={usingSuggestion ? g.keepOriginal : g.useSuggestion}>
                {usingSuggestion ? 'Back to my prompt' : 'Use suggestion'}
              </Button>
              <Button color="inherit" size="small" onClick={() => save(s)}>
                Save suggestion
              </Button>
            </Stack>
          )
        }
      >
        <Box component="span" data-testid="flow-choice">
          {usingSuggestion ? 'Using the suggested prompt.' : 'Keeping your prompt.'}
        </Box>
      </Alert>
    );
  }
  return null;
}
