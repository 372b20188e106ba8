import { useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import OpenIcon from '@mui/icons-material/DescriptionOutlined';
import { citationsIn, KNOWLEDGE_TEXTS, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { LazyMarkdown } from '@/shared/ui/ai/LazyMarkdown.tsx';
import { targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { useAiRun } from '@/shared/ui/ai/useAiRun.ts';
import { SeededFollowUps } from '@/shared/ui/conversation/SeededFollowUps.tsx';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import { SourceDialog } from './SourceDialog.tsx';

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
  const [opened, setOpened] = useState<KnowledgePassage | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !passages.length) return;
    started.current = true;
    void run.start({ target: targetFor(choice.provider, available), model: choice.model, prompt });
    // Once per question (the component is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!passages.length) return <Alert severity="info">{KNOWLEDGE_TEXTS.noPassages}</Alert>;
  const running = run.status === 'running';
  const cited = citationsIn(run.text, passages);

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
          {!running && cited.length > 0 && (
            <Box component="section" aria-labelledby="sources-title">
              <Typography id="sources-title" variant="subtitle1" component="h3">
                {KNOWLEDGE_TEXTS.sources}
              </Typography>
              <List aria-labelledby="sources-title" dense>
                {cited.map(({ number, passage }) => (
                  <ListItem key={number} disableGutters sx={{ alignItems: 'flex-start', gap: 1.5 }}>
                    <Typography sx={{ fontWeight: 700, minWidth: 28 }}>[{number}]</Typography>
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Button size="small" startIcon={<OpenIcon fontSize="small" />} onClick={() => setOpened(passage)} sx={{ px: 0 }}>
                        {passage.documentName}
                      </Button>
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {passage.content.length > 280 ? `${passage.content.slice(0, 280)}…` : passage.content}
                      </Typography>
                    </Box>
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
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
      <SourceDialog passage={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
