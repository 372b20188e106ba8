import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { visionSupport } from '@/shared/ai/vision.ts';
import { initialValues, parsePrompt, usesPageVariables, usesScreenshot, withScreenshotMention } from '@/shared/core/placeholders.ts';
import type { LibraryPrompt } from '@/shared/core/promptLibrary/library.ts';
import { rememberRecentPrompt } from '@/extension/lib/items.ts';
import { outputDocumentName } from '@/shared/core/runPrompt.ts';
import { RUN_PROMPT_TEXTS, RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { composePrompt, pageVariableNotes, pageVariableValues } from '@/extension/lib/runPrompt.ts';
import { hasUsableKey, ModelPicker, targetFor, type AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { useAiRun } from '@/shared/ui/ai/useAiRun.ts';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { extData } from './extClient.ts';
import { BudgetWarnings } from '@/shared/ui/usage/BudgetWarnings.tsx';
import { KnowledgeSelect } from '@/shared/ui/knowledge/KnowledgeSelect.tsx';
import { UsedSources } from '@/shared/ui/knowledge/UsedSources.tsx';
import { useKnowledgeChoice } from '@/shared/ui/knowledge/useKnowledgeChoice.ts';
import { useNeedPage } from './pageContext.tsx';
import { PageCard } from './PageCard.tsx';
import { PANEL_OUTPUT_ACTIONS } from './panelOutputActions.tsx';
import type { OpenedPrompt } from './PanelApp.tsx';
import { PromptFields } from '@/shared/ui/ai/PromptFields.tsx';
import { ReviewPrompt } from '@/shared/ui/ai/ReviewPrompt.tsx';
import { CaptureProblemAlert, ImageAttachments, RUN_IMAGE_TEXTS, type CaptureProblem } from '@/shared/ui/ai/ImageAttachments.tsx';
import { chatImagesOf, type AttachedImage } from '@/shared/ui/ai/imageAttach.ts';
import { captureRegionImage, captureTabImage } from './captureImage.ts';
import { RunFollowUps } from '@/shared/ui/conversation/RunFollowUps.tsx';
import { RunOutput } from '@/shared/ui/run/RunOutput.tsx';
import { useGroundedPromptRun } from '@/shared/ui/run/useGroundedPromptRun.ts';
import { useWebSearchChoice } from '@/shared/ui/webSearch/useWebSearchChoice.ts';
import { WebSearchSwitch } from '@/shared/ui/webSearch/WebSearchSwitch.tsx';
import { WebSources } from '@/shared/ui/webSearch/WebSources.tsx';
import { useKeyStatus } from './useKeyStatus.ts';
import { usePanelChoice } from './usePanelChoice.ts';

/**
 * Running one saved prompt in the side panel: its form from the placeholders, page variables from
 * the tab beside the panel, the filled prompt to review and edit, the provider and model (the last
 * choice is remembered), then the streamed answer with Stop, Copy, Insert and Save.
 */

export function RunView({ opened, onBack }: { opened: OpenedPrompt; onBack: () => void }) {
  // A one-click run starts from the prompt as read at this opening, once the page is read.
  const query = useQuery(promptQueries.detail(extData, opened.id));
  const prompt = query.data;

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Tooltip title="Back to your prompts">
          <IconButton aria-label="Back to your prompts" onClick={onBack} size="small" edge="start">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="h2" sx={{ minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {prompt ? prompt.name : opened.name || 'Prompt'}
        </Typography>
      </Stack>
      <QueryState
        query={query}
        loadingLabel="Loading the prompt"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 4 }}
        errorText={(message) => (
          <>
            <strong>{RUN_PROMPT_TEXTS.loadError}</strong>
            <br />
            {message}
          </>
        )}
        retry={false}
        isEmpty={(found) => found === null}
        empty={<Alert severity="warning">{RUN_PROMPT_TEXTS.notFound}</Alert>}
      >
        {(found) =>
          found?.isPremium ? (
            <Alert severity="info">
              <strong>{RUN_PROMPT_TEXTS.subscriptionRequired}</strong>
              <br />
              {RUN_PROMPT_TEXTS.subscriptionRequiredText}
            </Alert>
          ) : (
            found && <PromptRunner prompt={found} opened={opened} />
          )
        }
      </QueryState>
    </Stack>
  );
}

function PromptRunner({ prompt, opened }: { prompt: LibraryPrompt; opened: OpenedPrompt }) {
  // {{screenshot}} is no field: the tab is captured when the prompt runs.
  const screenshot = usesScreenshot(prompt.promptText);
  const promptText = useMemo(() => withScreenshotMention(prompt.promptText), [prompt.promptText]);
  const parsed = useMemo(() => parsePrompt(promptText), [promptText]);
  const needsPage = usesPageVariables(parsed).length > 0;
  const page = useNeedPage(needsPage || screenshot);
  const [images, setImages] = useState<AttachedImage[]>([]);
  const [imageProblem, setImageProblem] = useState<CaptureProblem | null>(null);
  const capture = () => captureTabImage(page.tab);
  const captureRegion = () => captureRegionImage(page.tab);
  const local = useKeyStatus();
  const run = useAiRun();
  const knowledge = useKnowledgeChoice(extData, true);
  // The prompt also goes to the top of the recent list (the popup's, kept in extension storage).
  const web = useWebSearchChoice(extData, true, 'panel');
  const { answered, retrieving, passages, webGrounding, send } = useGroundedPromptRun(
    run,
    knowledge,
    {
      client: extData,
      onEnded: (context) => {
        if (context.promptId)
          void rememberRecentPrompt({ id: context.promptId, name: context.promptName, ranAt: new Date().toISOString() });
      },
    },
    web,
  );

  const context = page.read?.ok ? page.read.context : null;
  const fromPage = useMemo(() => pageVariableValues(context, opened.selection ?? null), [context, opened.selection]);
  const [edits, setEdits] = useState<Record<string, string>>(() => ({ ...(opened.values ?? {}) }));
  const values = useMemo(() => ({ ...initialValues(parsed.fields), ...fromPage, ...edits }), [parsed.fields, fromPage, edits]);
  const composed = useMemo(
    () => composePrompt(promptText, parsed, values, opened.selection ?? null),
    [promptText, parsed, values, opened.selection],
  );
  const [edited, setEdited] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const finalPrompt = edited ?? composed.text;

  const [choice, choose] = usePanelChoice({ provider: prompt.llmProvider, model: prompt.model });
  const [knowledgeProblem, setKnowledgeProblem] = useState<string | null>(null);

  const available: AvailableKeys = { keys: local.keys, customBaseUrl: local.baseUrl };
  const usable = hasUsableKey(choice.provider, available);
  const missingIds = new Set(parsed.fields.filter((f) => composed.missing.includes(f.label)).map((f) => f.id));
  const blocked = edited === null && composed.missing.length > 0;
  const running = run.status === 'running';
  const pageSettled = !needsPage || (!page.reading && page.read !== null) || !page.tab;

  const start = async () => {
    if (blocked) {
      setShowMissing(true);
      return;
    }
    if (running || retrieving) return;
    setKnowledgeProblem(null);
    setImageProblem(null);
    // Images for a model that cannot read them: one sentence, nothing sent (beside attached images it already shows).
    const support = choice.model ? visionSupport(choice.provider, choice.model) : null;
    if ((images.length || screenshot) && support && !support.ok) {
      if (!images.length) setImageProblem({ message: support.error });
      return;
    }
    let sending = images;
    if (screenshot) {
      const shot = await capture();
      if ('message' in shot) return setImageProblem(shot);
      sending = [shot, ...images];
    }
    setKnowledgeProblem(
      await send({
        record: {
          promptId: prompt.id,
          promptName: prompt.name,
          filledValues: Object.fromEntries(parsed.fields.filter((f) => f.kind !== 'page').map((f) => [f.id, values[f.id] ?? ''])),
          finalPrompt,
          provider: choice.provider,
          model: choice.model || null,
          pageUrl: page.tab?.url ?? null,
        },
        provider: choice.provider,
        model: choice.model,
        target: targetFor(choice.provider, available),
        images: chatImagesOf(sending),
      }),
    );
  };

  // One-click runs (popup, context menu) start once the page is read, when nothing is missing.
  const autoStarted = useRef(!opened.autoRun);
  const startNow = useRef(start);
  startNow.current = start;
  useEffect(() => {
    if (autoStarted.current || !pageSettled || !local.loaded || !choice.model) return;
    autoStarted.current = true;
    if (blocked) setShowMissing(true);
    else if (usable) void startNow.current();
  }, [pageSettled, local.loaded, choice.model, blocked, usable]);

  return (
    <Stack spacing={2}>
      {needsPage && <PageCard page={page} />}
      {prompt.description && (
        <Typography variant="body2" color="text.secondary">
          {prompt.description}
        </Typography>
      )}
      <PromptFields
        fields={parsed.fields}
        values={values}
        fromPage={fromPage}
        pageNotes={pageVariableNotes(context)}
        pageUnread={page.read?.ok === false && page.read.reason === 'noAccess'}
        missing={showMissing ? missingIds : new Set()}
        onChange={(id, value) => setEdits((current) => ({ ...current, [id]: value }))}
      />
      <ReviewPrompt composed={composed.text} edited={edited} onEdit={setEdited} />
      <ModelPicker value={choice} available={available} onChange={choose} idPrefix="panel" />
      {screenshot && (
        <Typography variant="body2" color="text.secondary">
          {RUN_IMAGE_TEXTS.screenshotNote}
        </Typography>
      )}
      <ImageAttachments
        images={images}
        onChange={setImages}
        provider={choice.provider}
        model={choice.model}
        capture={capture}
        captureRegion={captureRegion}
        disabled={running || retrieving}
      />
      {imageProblem && <CaptureProblemAlert problem={imageProblem} onFixed={() => void start()} />}
      <KnowledgeSelect knowledge={knowledge} idPrefix="panel" disabled={running || retrieving} />
      <WebSearchSwitch web={web} idPrefix="panel" disabled={running || retrieving} provider={choice.provider} />
      {knowledgeProblem && <Alert severity="error">{knowledgeProblem}</Alert>}
      {showMissing && blocked && <Alert severity="warning">{RUN_TEXTS.fillIn(composed.missing)}</Alert>}
      <BudgetWarnings client={extData} provider={choice.provider} />
      <Button
        variant="contained"
        size="large"
        startIcon={<PlayArrowIcon />}
        onClick={() => void start()}
        loading={retrieving}
        disabled={running || !usable || !choice.model}
        fullWidth
      >
        {running ? RUN_TEXTS.running : run.status === 'idle' ? RUN_TEXTS.runPrompt : RUN_TEXTS.runAgain}
      </Button>
      <RunOutput run={run} documentName={outputDocumentName(prompt.name, new Date())} layout="panel" actions={PANEL_OUTPUT_ACTIONS} />
      {passages && !running && run.status !== 'idle' && (
        <UsedSources client={extData} answer={run.text} passages={passages} idPrefix="panel-sources" />
      )}
      {webGrounding && !running && run.status !== 'idle' && (
        <WebSources web={webGrounding} answer={run.text} idPrefix="panel-web-sources" />
      )}
      {answered && (
        <RunFollowUps
          key={answered.runNumber}
          client={extData}
          answered={answered}
          available={available}
          choice={choice}
          actions={PANEL_OUTPUT_ACTIONS}
          layout="panel"
        />
      )}
    </Stack>
  );
}
