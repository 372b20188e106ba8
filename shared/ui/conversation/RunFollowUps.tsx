import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { outputDocumentName } from '@/shared/core/runPrompt.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import type { AvailableKeys, ModelChoice } from '../ai/ModelPicker.tsx';
import type { OutputActionsSetup } from '../run/OutputActions.tsx';
import { SeededFollowUps } from './SeededFollowUps.tsx';

/** What the run answered: its prompt as sent, the answer, the model, and the recorded run once it is. */
export interface AnsweredRun {
  promptName: string;
  promptId: string | null;
  freePromptId: string | null;
  promptRunId: string | null;
  finalPrompt: string;
  answer: string;
  stopped: boolean;
  provider: ProviderId;
  model: string;
}

/**
 * Following up on a run's answer, on the dashboard's run page and in the side panel. The run's
 * prompt and answer are the conversation's first two turns (shown above, in the output); the
 * conversation is stored at the first follow-up. A new run starts a new conversation (the screen
 * gives this component a new key).
 */
export function RunFollowUps({
  client,
  answered,
  available,
  choice,
  actions,
  layout = 'page',
}: {
  client: () => Promise<AppClient>;
  answered: AnsweredRun;
  available: AvailableKeys;
  /** The form's provider and model: changing them there switches the model for the next answer. */
  choice: ModelChoice;
  actions: OutputActionsSetup;
  /** page: a card (dashboard); panel: a plain section that fits the side panel's width. */
  layout?: 'page' | 'panel';
}) {
  const followUps = (
    <SeededFollowUps
      client={client}
      origin={{
        source: 'run',
        title: answered.promptName,
        promptId: answered.promptId,
        freePromptId: answered.freePromptId,
        promptRunId: answered.promptRunId,
      }}
      first={{
        question: answered.finalPrompt,
        answer: answered.answer,
        provider: answered.provider,
        model: answered.model,
        stopped: answered.stopped,
      }}
      available={available}
      choice={choice}
      actions={actions}
      documentName={() => outputDocumentName(answered.promptName, new Date())}
    />
  );
  if (layout === 'panel')
    return (
      <Box component="section" aria-labelledby="follow-ups-title" sx={{ minWidth: 0 }}>
        <Typography id="follow-ups-title" variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          {CONVERSATION_TEXTS.followUpTitle}
        </Typography>
        {followUps}
      </Box>
    );
  return (
    <Card component="section" aria-labelledby="follow-ups-title">
      <CardContent>
        <Typography id="follow-ups-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {CONVERSATION_TEXTS.followUpTitle}
        </Typography>
        {followUps}
      </CardContent>
    </Card>
  );
}
