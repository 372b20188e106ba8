import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import QuestionIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { analysisConversationPrompt } from '@/shared/core/analysis/prompt.ts';
import { analysisExport, analysisMarkdown, entitiesByType } from '@/shared/core/analysis/reply.ts';
import { ANALYSIS_TEXTS } from '@/shared/core/analysis/texts.ts';
import { firstTurns } from '@/shared/core/conversations/conversation.ts';
import { hasUsableKey, targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { FollowUps } from '@/shared/ui/conversation/FollowUps.tsx';
import { useConversation } from '@/shared/ui/conversation/useConversation.ts';
import { OutputActions } from '@/shared/ui/run/OutputActions.tsx';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import type { AnalysisDone } from './useDocumentAnalysis.ts';
import { AnalysisExportButtons } from './AnalysisExportButtons.tsx';

const T = ANALYSIS_TEXTS;

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A finished analysis: summary, key points, entities by type and suggested questions, with Copy,
 * Save as document and downloads; then a conversation about the document, stored at the first
 * question like every follow-up. Not SeededFollowUps: a suggested question sends itself, so this
 * screen holds the conversation.
 */
export function AnalysisResult({ done, available, choice }: { done: AnalysisDone; available: AvailableKeys; choice: ModelChoice }) {
  const { analysis, document, request } = done;
  const actions = useRunOutputActions();
  const markdown = analysisMarkdown(analysis);
  const title = T.resultTitle(document.name);
  const conversation = useConversation({
    client: webData,
    seed: {
      source: 'analysis',
      title,
      context: document.context,
      turns: firstTurns({
        question: analysisConversationPrompt(document.name, request.text),
        answer: markdown,
        provider: done.choice.provider,
        model: done.choice.model,
      }),
    },
  });
  const canAsk = hasUsableKey(choice.provider, available) && Boolean(choice.model) && !conversation.busy;
  const groups = entitiesByType(analysis.entities);
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces the progress the user was waiting on: reading goes on from its heading.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card component="section" aria-labelledby="analysis-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack spacing={2.5}>
          <Typography
            id="analysis-title"
            ref={heading}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
          >
            {title}
          </Typography>
          {request.trimmed && (
            <Alert severity="info" role="note">
              {T.trimmed(request.trimmed.sentChars, request.trimmed.totalChars)}
            </Alert>
          )}
          <Part id="analysis-summary" title={T.summary}>
            <Typography data-testid="analysis-summary" sx={{ overflowWrap: 'anywhere' }}>
              {analysis.summary}
            </Typography>
          </Part>
          {analysis.keyPoints.length > 0 && (
            <Part id="analysis-key-points" title={T.keyPoints}>
              <Box component="ul" aria-labelledby="analysis-key-points" sx={{ m: 0, pl: 3, '& li': { mb: 0.5, overflowWrap: 'anywhere' } }}>
                {analysis.keyPoints.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </Box>
            </Part>
          )}
          <Part id="analysis-entities" title={T.entities}>
            {groups.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {T.noEntities}
              </Typography>
            ) : (
              <Stack spacing={1.25}>
                {groups.map((group) => (
                  <Box
                    key={group.type}
                    role="group"
                    aria-label={group.label}
                    sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                  >
                    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 110, fontWeight: 600 }}>
                      {group.label}
                    </Typography>
                    {group.names.map((name) => (
                      <Chip key={name} label={name} size="small" variant="outlined" sx={{ maxWidth: '100%' }} />
                    ))}
                  </Box>
                ))}
              </Stack>
            )}
          </Part>
          {analysis.questions.length > 0 && (
            <Part id="analysis-questions" title={T.questions}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {T.questionsHint}
              </Typography>
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                {analysis.questions.map((question) => (
                  <Button
                    key={question}
                    variant="outlined"
                    size="small"
                    startIcon={<QuestionIcon fontSize="small" />}
                    disabled={!canAsk}
                    onClick={() => void conversation.send(question, { target: targetFor(choice.provider, available), model: choice.model })}
                    sx={{
                      textAlign: 'left',
                      textTransform: 'none',
                      justifyContent: 'flex-start',
                      maxWidth: '100%',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {question}
                  </Button>
                ))}
              </Stack>
            </Part>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <OutputActions text={markdown} documentName={title} canSave setup={actions} />
            <AnalysisExportButtons document={() => analysisExport(document.name, analysis, new Date())} />
          </Stack>
          <Divider />
          <Typography variant="h6" component="h2">
            {T.chatTitle}
          </Typography>
          <FollowUps
            conversation={conversation}
            shownFrom={2}
            available={available}
            choice={choice}
            actions={actions}
            documentName={() => title}
            idPrefix="analysis-follow-up"
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
