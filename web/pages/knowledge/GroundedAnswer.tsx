import { useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { KNOWLEDGE_TEXTS, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { LazyMarkdown } from '@/shared/ui/ai/LazyMarkdown.tsx';
import { targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { useAiRun } from '@/shared/ui/ai/useAiRun.ts';
import { SeededFollowUps } from '@/shared/ui/conversation/SeededFollowUps.tsx';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import { CitedSources } from '@/shared/ui/knowledge/CitedSources.tsx';
import { webUsage } from '@/web/lib/usage.ts';
import { searchesNatively, WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { streamText } from '@/shared/ai/chat.ts';
import type { WebGrounding } from '@/shared/ui/webSearch/useWebSearchChoice.ts';
import { WebSources } from '@/shared/ui/webSearch/WebSources.tsx';

/**
 * One question's answer from the knowledge base: written from the retrieved passages only, then
 * its cited sources (number, document, passage), each opening its document; then follow-ups.
 */
export function GroundedAnswer(props: {
  question: string;
  passages: KnowledgePassage[];
  /** Web sources sent with the question (numbered after the passages); null: the web was not searched. */
  web: WebGrounding | null;
  /** The provider searches with its own tool while it answers (Gemini, Claude), its sources numbered from `first`. */
  nativeSearch: { first: number } | null;
  prompt: string;
  available: AvailableKeys;
  choice: ModelChoice;
}) {
  const { question, passages, nativeSearch, prompt, available, choice } = props;
  const [nativeWeb, setNativeWeb] = useState<WebGrounding | null>(null);
  const web = props.web ?? nativeWeb;
  // Something to answer from: passages, web sources, or both (the provider's own search finds its own).
  const grounded = passages.length > 0 || (props.web?.sources.length ?? 0) > 0 || nativeSearch !== null;
  const run = useAiRun();
  const actions = useRunOutputActions();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !grounded) return;
    started.current = true;
    const target = targetFor(choice.provider, available);
    if (!nativeSearch || !searchesNatively(choice.provider)) {
      void run.start({ target, model: choice.model, prompt, usage: (shown) => webUsage('smart_query', { onRecorded: shown }) });
      return;
    }
    const provider = choice.provider;
    void run.startWith(provider, async (signal, onText, onUsage) => {
      const result = await streamText({
        target,
        model: choice.model,
        prompt,
        webSearch: nativeSearch,
        usage: webUsage('smart_query', { onRecorded: onUsage }),
        signal,
        onDelta: (_delta, full) => onText(full),
      });
      setNativeWeb({ provider, sources: result.web?.sources ?? [] });
      return result;
    });
    // Once per question (the component is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!grounded) {
    return (
      <Alert severity="info">
        {KNOWLEDGE_TEXTS.noPassages}
        {props.web && ` ${WEB_SEARCH_TEXTS.nothingFound(props.web.provider)}`}
      </Alert>
    );
  }
  const running = run.status === 'running';

  return (
    <Card component="section" aria-labelledby="grounded-answer-title" aria-busy={running}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id="grounded-answer-title" variant="h6" component="h2">
            {KNOWLEDGE_TEXTS.answer}
          </Typography>
          {running && <LinearProgress aria-label={RUN_TEXTS.writingProgress} />}
          {run.error && (
            <Alert severity="error">
              <AlertTitle>{run.error.title}</AlertTitle>
              {run.error.message}
            </Alert>
          )}
          {run.text && (
            <Box data-testid="grounded-answer">
              <LazyMarkdown text={run.text} />
            </Box>
          )}
          {!running && passages.length > 0 && <CitedSources client={webData} answer={run.text} passages={passages} />}
          {!running && web && web.sources.length > 0 && <WebSources web={web} answer={run.text} idPrefix="smart-query-web-sources" />}
          {(run.status === 'done' || run.status === 'stopped') && run.text.trim() && (
            <SeededFollowUps
              client={webData}
              origin={{ source: 'knowledge', title: question, context: { documentIds: [...new Set(passages.map((p) => p.documentId))] } }}
              first={{
                question: prompt,
                answer: run.text,
                provider: choice.provider,
                model: choice.model,
                stopped: run.status === 'stopped',
              }}
              available={available}
              choice={choice}
              actions={actions}
              documentName={() => question}
              idPrefix="smart-query-follow-up"
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
