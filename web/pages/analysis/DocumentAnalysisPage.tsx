import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Container, LinearProgress, Stack, Typography } from '@mui/material';
import AnalysisIcon from '@mui/icons-material/InsightsOutlined';
import StopIcon from '@mui/icons-material/Stop';
import { AI_TEXTS } from '@/shared/ai/aiErrors.ts';
import { ANALYSIS_TEXTS } from '@/shared/core/analysis/texts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { hasUsableKey, ModelPicker, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { AnalysisResult } from './AnalysisResult.tsx';
import { DocumentChooser } from './DocumentChooser.tsx';
import { useDocumentAnalysis } from './useDocumentAnalysis.ts';
import { useDocumentChoice } from './useDocumentChoice.ts';

const T = ANALYSIS_TEXTS;

/**
 * /ai-features/document-analysis: a document (uploaded, from the knowledge base, or generated)
 * analysed with the user's key and model — summary, key points, entities, suggested questions —
 * then a conversation about it.
 */
export function DocumentAnalysisPage() {
  const user = useUser();
  const keys = useProviderKeys(user?.id ?? null);
  const choice = useDocumentChoice(user?.id ?? null);
  const { state, analyse, stop } = useDocumentAnalysis();
  const [model, setModel] = useState<ModelChoice>({ provider: 'openai', model: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const available: AvailableKeys = useMemo(
    () => ({
      keys: Object.fromEntries(Object.entries(keys.state.keys).map(([id, key]) => [id, key.value])),
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );
  const usable = hasUsableKey(model.provider, available);
  const running = state.status === 'running';

  const start = () => {
    if (running || !usable || !model.model) return;
    const chosen = choice.chosen;
    if (!chosen) return setProblem(T.noDocument);
    if (!chosen.text.trim()) return setProblem(T.emptyDocument);
    setProblem(null);
    void analyse(chosen, model, available);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Button component={RouterLink} to={ROUTES.aiFeatures} variant="outlined">
            AI Features
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card
          component="form"
          aria-label={T.chooseTitle}
          onSubmit={(e) => {
            e.preventDefault();
            start();
          }}
        >
          <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
            <Stack spacing={2.5}>
              <Typography variant="h6" component="h2">
                {T.chooseTitle}
              </Typography>
              <DocumentChooser choice={choice} disabled={running} onChange={() => setProblem(null)} />
              <ModelPicker value={model} available={available} onChange={setModel} idPrefix="analysis" />
              {keys.ready && !usable && (
                <Alert severity="warning">
                  {AI_TEXTS.noKey(model.provider)} <RouterLink to={ROUTES.settings}>Go to Settings</RouterLink>
                </Alert>
              )}
              {problem && (
                <Alert severity="error" role="alert">
                  {problem}
                </Alert>
              )}
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  startIcon={<AnalysisIcon />}
                  loading={running}
                  disabled={!usable || !model.model || choice.reading || choice.loadingText}
                >
                  {T.analyse}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        {state.status === 'running' && (
          <Card component="section" aria-busy aria-label={T.analysing}>
            <CardContent>
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography role="status" sx={{ overflowWrap: 'anywhere' }}>
                    {T.analysing}: {state.document.name}
                  </Typography>
                  <Button variant="outlined" color="inherit" size="small" startIcon={<StopIcon />} onClick={stop}>
                    {T.stop}
                  </Button>
                </Stack>
                <LinearProgress aria-label={T.analysing} />
              </Stack>
            </CardContent>
          </Card>
        )}
        {state.status === 'error' && (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={state.retry}>
                {T.tryAgain}
              </Button>
            }
          >
            <AlertTitle>{state.title}</AlertTitle>
            {state.message}
          </Alert>
        )}
        {state.status === 'done' && <AnalysisResult key={state.number} done={state} available={available} choice={model} />}
        {state.status === 'idle' && (
          <Typography variant="body2" color="text.secondary">
            {T.hint}
          </Typography>
        )}
      </Stack>
    </Container>
  );
}
