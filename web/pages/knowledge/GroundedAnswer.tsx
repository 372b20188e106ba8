import { useEffect, useRef } from 'react';
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

/**
 * One question's answer from the knowledge base: written from the retrieved passages only, then
 * its cited sources (number, document, passage), each opening its document; then follow-ups.
 */
export function GroundedAnswer(props: {
  question: string;
  passages: KnowledgePassage[];
  prompt: string;
  available: AvailableKeys;
  choice: ModelChoice;
}) {
  const { question, passages, prompt, available, choice } = props;
  const run = useAiRun();
  const actions = useRunOutputActions();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !passages.length) return;
    started.current = true;
    void run.start({
      target: targetFor(choice.provider, available),
      model: choice.model,
      prompt,
      usage: (shown) => webUsage('smart_query', { onRecorded: shown }),
    });
    // Once per question (the component is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!passages.length) return <Alert severity="info">{KNOWLEDGE_TEXTS.noPassages}</Alert>;
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
          {!running && <CitedSources client={webData} answer={run.text} passages={passages} />}
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
