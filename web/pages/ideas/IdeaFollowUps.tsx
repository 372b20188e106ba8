import { Box, Divider, Typography } from '@mui/material';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { ideaExport, startupIdeaPrompt, type StartupIdeaContent } from '@/shared/core/ideas.ts';
import { documentToMarkdown } from '@/shared/export/text.ts';
import type { AvailableKeys, ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { SeededFollowUps } from '@/shared/ui/conversation/SeededFollowUps.tsx';
import { useRunOutputActions, webData } from '../run/runSide.ts';

/**
 * Follow-ups on a generated startup idea ("who are the first ten customers?", "make it B2B"): the
 * generator's request and the idea, as text, are the conversation's first turns. Signed in only
 * (conversations are stored with the account).
 */
export function IdeaFollowUps(props: { idea: StartupIdeaContent; interest: string; available: AvailableKeys; choice: ModelChoice }) {
  const { idea, interest, available, choice } = props;
  const actions = useRunOutputActions();
  return (
    <Box component="section" aria-labelledby="idea-follow-ups-title">
      <Divider sx={{ my: 3 }} />
      <Typography id="idea-follow-ups-title" variant="h6" component="h3" sx={{ mb: 2 }}>
        {CONVERSATION_TEXTS.followUpTitle}
      </Typography>
      <SeededFollowUps
        client={webData}
        origin={{ source: 'idea', title: idea.name }}
        first={{
          question: startupIdeaPrompt(interest),
          answer: documentToMarkdown(ideaExport(idea)),
          provider: choice.provider,
          model: choice.model,
        }}
        available={available}
        choice={choice}
        actions={actions}
        documentName={() => idea.name}
        idPrefix="idea-follow-up"
      />
    </Box>
  );
}
