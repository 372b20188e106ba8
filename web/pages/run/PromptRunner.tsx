import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import { AI_TEXTS } from '@/shared/ai/aiErrors.ts';
import { visionSupport } from '@/shared/ai/vision.ts';
import { fillPrompt, initialValues, parsePrompt, usesScreenshot, withScreenshotMention } from '@/shared/core/placeholders.ts';
import { isProviderId } from '@/shared/core/providerKeys.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { outputDocumentName, runLink, valuesFromRun, valuesToStore, type RunnablePrompt } from '@/shared/core/runPrompt.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { getPromptRun, type PromptRun } from '@/shared/data/promptRuns.ts';
import { hasUsableKey, ModelPicker, targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { PROMPT_SCREEN_PROVIDER_LABELS } from '@/shared/ui/ai/providerLabels.ts';
import { PromptFields } from '@/shared/ui/ai/PromptFields.tsx';
import { ReviewPrompt } from '@/shared/ui/ai/ReviewPrompt.tsx';
import { ImageAttachments } from '@/shared/ui/ai/ImageAttachments.tsx';
import { chatImagesOf, type AttachedImage } from '@/shared/ui/ai/imageAttach.ts';
import { useAiRun } from '@/shared/ui/ai/useAiRun.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { RunHistoryList } from '@/shared/ui/run/RunHistoryList.tsx';
import { RunOutput } from '@/shared/ui/run/RunOutput.tsx';
import { useGroundedPromptRun } from '@/shared/ui/run/useGroundedPromptRun.ts';
import { RunFollowUps } from '@/shared/ui/conversation/RunFollowUps.tsx';
import { KnowledgeSelect } from '@/shared/ui/knowledge/KnowledgeSelect.tsx';
import { BudgetWarnings } from '@/shared/ui/usage/BudgetWarnings.tsx';
import { UsedSources } from '@/shared/ui/knowledge/UsedSources.tsx';
import { useKnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { KnowledgeBaseLink } from '../knowledge/KnowledgeBaseLink.tsx';
import { useWebSearchChoice } from '@/shared/ui/webSearch/useWebSearchChoice.ts';
import { WebSearchSwitch } from '@/shared/ui/webSearch/WebSearchSwitch.tsx';
import { WebSources } from '@/shared/ui/webSearch/WebSources.tsx';
import { RunPicture } from './RunPicture.tsx';
import { historyListData, useRunOutputActions, webData } from './runSide.ts';
import { useRunHistory } from './useRunHistory.ts';

const SCREENSHOT_NEEDED = 'This prompt reads a screenshot of a page: attach one (the side panel captures the tab by itself).';

/**
 * Filling and running one prompt: a form from its placeholders (defaults, choices, page variables
 * as ordinary fields), the filled prompt to read and edit before it is sent, provider and model,
 * then the streamed answer. Nothing typed is lost when a run fails; every run goes into the
 * history below, which can put a run's values back into the form.
 */
export function PromptRunner({ prompt, reopenRunId }: { prompt: RunnablePrompt; reopenRunId: string | null }) {
  const user = useUser();
  const keys = useProviderKeys(user?.id ?? null);
  const notify = useNotify();
  // {{screenshot}} (a page's capture in the side panel) is an attached image here.
  const screenshot = usesScreenshot(prompt.promptText);
  const promptText = useMemo(() => withScreenshotMention(prompt.promptText), [prompt.promptText]);
  const parsed = useMemo(() => parsePrompt(promptText, prompt.questions), [promptText, prompt.questions]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const values = useMemo(() => ({ ...initialValues(parsed.fields), ...edits }), [parsed.fields, edits]);
  const filled = useMemo(() => fillPrompt(promptText, values, parsed), [promptText, values, parsed]);
  const [edited, setEdited] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<ModelChoice>({ provider: prompt.provider, model: prompt.model ?? '' });
  const [images, setImages] = useState<AttachedImage[]>([]);
  const formRef = useRef<HTMLElement>(null);

  const available: AvailableKeys = useMemo(
    () => ({
      keys: Object.fromEntries(Object.entries(keys.state.keys).map(([id, key]) => [id, key.value])),
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );
  const usable = hasUsableKey(choice.provider, available);
  const link = runLink(prompt);
  const history = useRunHistory({ promptId: link.promptId ?? undefined, freePromptId: link.freePromptId ?? undefined });
  const run = useAiRun();
  const outputActions = useRunOutputActions();
  const knowledge = useKnowledgeChoice(webData, user !== null);
  const web = useWebSearchChoice(webData, user !== null);
  const { answered, retrieving, passages, webGrounding, send } = useGroundedPromptRun(
    run,
    knowledge,
    {
      client: webData,
      notifyFailure: true,
      onRecorded: (recorded) => history.prepend(recorded),
    },
    web,
  );
  const [expanded, setExpanded] = useState<string | null>(reopenRunId);

  // The fields still empty (an edited prompt is sent as it is, so nothing is missing then).
  const missing = edited === null ? filled.missing : [];
  const finalPrompt = edited ?? filled.text;
  const running = run.status === 'running';

  const start = async () => {
    if (running || retrieving) return;
    if (missing.length) return setProblem(RUN_TEXTS.fillIn(missing.map((f) => f.label)));
    if (!finalPrompt.trim()) return setProblem(RUN_TEXTS.emptyPrompt);
    if (screenshot && !images.length) return setProblem(SCREENSHOT_NEEDED);
    if (!usable || !choice.model) return;
    // The refusal of images the model cannot read already shows beside them: nothing is sent.
    if (images.length && !visionSupport(choice.provider, choice.model).ok) return;
    setProblem(null);
    setProblem(
      await send({
        record: {
          ...link,
          promptName: prompt.name,
          filledValues: valuesToStore(parsed.fields, values),
          finalPrompt,
          provider: choice.provider,
          model: choice.model || null,
        },
        provider: choice.provider,
        model: choice.model,
        target: targetFor(choice.provider, available),
        images: chatImagesOf(images),
      }),
    );
  };

  const restoreRun = (past: PromptRun, quiet = false) => {
    const restored = valuesFromRun(parsed.fields, past.filledValues);
    setEdits(restored);
    const refilled = fillPrompt(promptText, { ...initialValues(parsed.fields), ...restored }, parsed).text;
    // The run's prompt was edited by hand: bring the edit back too.
    setEdited(refilled === past.finalPrompt ? null : past.finalPrompt);
    if (isProviderId(past.provider)) setChoice({ provider: past.provider, model: past.model ?? '' });
    setProblem(null);
    if (!quiet) {
      notify({ title: RUN_TEXTS.valuesRestored, description: RUN_TEXTS.valuesRestoredText });
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  };

  // /run-prompt/{id}?run={runId} (from the history of all runs): that run's values, its output opened.
  const reopened = useRef(false);
  const historyRead = history.query.data !== undefined;
  useEffect(() => {
    if (!reopenRunId || reopened.current || !historyRead) return;
    reopened.current = true;
    const listed = history.runs.find((r) => r.id === reopenRunId);
    const apply = (past: PromptRun) => {
      restoreRun(past, true);
      requestAnimationFrame(() => document.getElementById(`run-${past.id}`)?.scrollIntoView({ block: 'center' }));
    };
    if (listed) return apply(listed);
    void getPromptRun(supabase, reopenRunId).then(({ data }) => {
      if (data && (data.promptId ?? data.freePromptId) === prompt.id) restoreRun(data, true);
    });
    // Once, when the history has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reopenRunId, historyRead]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void start();
    }
  };

  return (
    <Stack spacing={4}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Card component="section" aria-labelledby="run-form-title" ref={formRef} onKeyDown={onKeyDown} sx={{ scrollMarginTop: 80 }}>
          <CardContent>
            <Stack spacing={2.5}>
              <Typography id="run-form-title" variant="h6" component="h2">
                Fill in the prompt
              </Typography>
              <PromptFields
                fields={parsed.fields}
                values={values}
                missing={new Set(problem ? missing.map((f) => f.id) : [])}
                onChange={(id, value) => {
                  setEdits((current) => ({ ...current, [id]: value }));
                  setProblem(null);
                }}
              />
              <ReviewPrompt composed={filled.text} edited={edited} onEdit={setEdited} defaultOpen />
              <ImageAttachments
                images={images}
                onChange={(next) => {
                  setImages(next);
                  setProblem(null);
                }}
                provider={choice.provider}
                model={choice.model}
                disabled={running || retrieving}
              />
              <ModelPicker
                value={choice}
                available={available}
                onChange={setChoice}
                idPrefix="run"
                providerLabels={PROMPT_SCREEN_PROVIDER_LABELS}
              />
              {user && (
                <KnowledgeSelect
                  knowledge={knowledge}
                  idPrefix="run"
                  disabled={running || retrieving}
                  addDocuments={<KnowledgeBaseLink />}
                />
              )}
              <WebSearchSwitch web={web} idPrefix="run" disabled={running || retrieving} provider={choice.provider} />
              {keys.ready && !usable && (
                <Alert
                  severity="warning"
                  action={
                    <Button component={RouterLink} to={ROUTES.settings} color="inherit" size="small">
                      Go to Settings
                    </Button>
                  }
                >
                  <AlertTitle>{AI_TEXTS.noKeyTitle(choice.provider)}</AlertTitle>
                  {AI_TEXTS.noKey(choice.provider)}
                </Alert>
              )}
              {problem && (
                <Alert severity="warning" role="alert">
                  {problem}
                </Alert>
              )}
              <BudgetWarnings client={webData} provider={choice.provider} enabled={user !== null} />
              <Button
                variant="contained"
                size="large"
                startIcon={<PlayArrowIcon />}
                onClick={() => void start()}
                loading={retrieving}
                disabled={running || !keys.ready || !usable || !choice.model}
                aria-keyshortcuts="Control+Enter"
              >
                {running ? RUN_TEXTS.running : run.status === 'idle' ? RUN_TEXTS.runPrompt : RUN_TEXTS.runAgain}
              </Button>
            </Stack>
          </CardContent>
        </Card>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <RunOutput run={run} documentName={outputDocumentName(prompt.name, new Date())} layout="page" actions={outputActions} />
          {user && (run.status === 'done' || run.status === 'stopped') && run.text.trim() && (
            <RunPicture userId={user.id} answer={run.text} />
          )}
          {passages && !running && run.status !== 'idle' && (
            <UsedSources client={webData} answer={run.text} passages={passages} idPrefix="run-sources" />
          )}
          {webGrounding && !running && run.status !== 'idle' && (
            <WebSources web={webGrounding} answer={run.text} idPrefix="run-web-sources" />
          )}
          {answered && (
            <RunFollowUps
              key={answered.runNumber}
              client={webData}
              answered={answered}
              available={available}
              choice={choice}
              actions={outputActions}
            />
          )}
        </Stack>
      </Box>
      <Box component="section" aria-labelledby="run-history-title">
        <Typography id="run-history-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {RUN_TEXTS.withCount(RUN_TEXTS.historyTitle, history.query.data ? history.total : null)}
        </Typography>
        <RunHistoryList
          layout="page"
          {...historyListData(history)}
          actions={outputActions}
          fields={parsed.fields}
          runActions={(past) => (
            <Button size="small" startIcon={<RestoreIcon fontSize="small" />} onClick={() => restoreRun(past)}>
              {RUN_TEXTS.useValues}
            </Button>
          )}
          expandedId={expanded}
          onExpand={setExpanded}
        />
      </Box>
    </Stack>
  );
}
