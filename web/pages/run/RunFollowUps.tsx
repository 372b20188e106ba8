import { Card, CardContent, Typography } from '@mui/material';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { outputDocumentName } from '@/shared/core/runPrompt.ts';
import type { AvailableKeys, ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { SeededFollowUps } from '@/shared/ui/conversation/SeededFollowUps.tsx';
import type { OutputActionsSetup } from '@/shared/ui/run/OutputActions.tsx';
import { webData } from './runSide.ts';

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
 * Following up on a run's answer. The run's prompt and answer are the conversation's first two
 * turns (shown above, in the output); the conversation is stored at the first follow-up. A new run
 * starts a new conversation (the page gives this component a new key).
 */
export function RunFollowUps({
  answered,
  available,
  choice,
  actions,
}: {
  answered: AnsweredRun;
  available: AvailableKeys;
  /** The form's provider and model: changing them there switches the model for the next answer. */
  choice: ModelChoice;
  actions: OutputActionsSetup;
}) {
  return (
    <Card component="section" aria-labelledby="follow-ups-title">
      <CardContent>
        <Typography id="follow-ups-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {CONVERSATION_TEXTS.followUpTitle}
        </Typography>
        <SeededFollowUps
          client={webData}
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
      </CardContent>
    </Card>
  );
}
