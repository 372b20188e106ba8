import { useState, type ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import SendIcon from '@mui/icons-material/Send';
import { conversationExport, followUpProblem, titleFrom } from '@/shared/core/conversations/conversation.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { exportDocument, slugFileName } from '@/shared/export/index.ts';
import { hasUsableKey, ModelPicker, targetFor, type AvailableKeys, type ModelChoice } from '../ai/ModelPicker.tsx';
import { downloadFile } from '../download.ts';
import type { OutputActionsSetup } from '../run/OutputActions.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import type { ConversationState, SendTarget } from './useConversation.ts';
import { DictationTextField } from '../ai/dictation.tsx';

export interface FollowUpsProps {
  conversation: ConversationState;
  /** Turns before this index are on screen elsewhere. */
  shownFrom: number;
  available: AvailableKeys;
  /** The model the next answer uses; it can change between answers. */
  choice: ModelChoice;
  /** Shows a model picker for the next answer (without it, the screen's own picker sets `choice`). */
  onChoice?: (next: ModelChoice) => void;
  actions: OutputActionsSetup;
  documentName: (turnIndex: number) => string;
  idPrefix?: string;
  /** The question box's label and example (a follow-up's by default; a chat asks its first question here too). */
  label?: string;
  placeholder?: string;
  /** Shown under the conversation, above the box (e.g. the sources of the last answer). */
  afterThread?: ReactNode;
}

/**
 * Following up on an answer: the conversation so far, a box for the next question (Ctrl+Enter
 * sends), the model for the next answer, a note when earlier messages were left out to fit the
 * model's window, and the whole conversation exported as Markdown or DOCX.
 */
export function FollowUps({
  conversation,
  shownFrom,
  available,
  choice,
  onChoice,
  actions,
  documentName,
  idPrefix = 'follow-up',
  label = CONVERSATION_TEXTS.followUpLabel,
  placeholder = CONVERSATION_TEXTS.followUpPlaceholder,
  afterThread,
}: FollowUpsProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const canSend = hasUsableKey(choice.provider, available) && Boolean(choice.model);
  const to = (): SendTarget => ({ target: targetFor(choice.provider, available), model: choice.model });

  const send = async () => {
    if (conversation.busy || !canSend) return;
    const refused = followUpProblem(draft);
    if (refused) return setProblem(refused);
    setProblem(null);
    const text = draft;
    setDraft('');
    // Nothing came back: the question goes back into the box.
    if (!(await conversation.send(text, to()))) setDraft((current) => current || text);
  };

  const exportAs = async (format: 'md' | 'docx') => {
    const title = conversation.title || titleFrom(conversation.turns.find((t) => t.role === 'user')?.content ?? '');
    const file = await exportDocument(conversationExport(title, conversation.turns, new Date()), format, slugFileName(title));
    downloadFile(file.data, file.fileName, file.mimeType);
  };

  return (
    <Stack spacing={2.5} component="section" aria-label={label}>
      <ConversationThread
        conversation={conversation}
        shownFrom={shownFrom}
        actions={actions}
        documentName={documentName}
        canSend={canSend}
        onRegenerate={() => void conversation.regenerate(to())}
        onEditLast={(text) => void conversation.editLast(text, to())}
      />
      {afterThread}
      {conversation.dropped > 0 && (
        <Typography variant="body2" color="text.secondary" role="note">
          {CONVERSATION_TEXTS.trimmed(conversation.dropped)}
        </Typography>
      )}
      <Stack spacing={1.5}>
        <DictationTextField
          label={label}
          placeholder={placeholder}
          value={draft}
          onValueChange={(next) => {
            setDraft(next);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void send();
            }
          }}
          multiline
          minRows={2}
          error={problem !== null}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { 'aria-keyshortcuts': 'Control+Enter' } }}
        />
        {onChoice ? (
          <ModelPicker value={choice} available={available} onChange={onChoice} idPrefix={idPrefix} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {CONVERSATION_TEXTS.answersWith(choice.model)}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => void send()} disabled={conversation.busy || !canSend}>
            {CONVERSATION_TEXTS.send}
          </Button>
          <Box sx={{ flex: 1 }} />
          {conversation.turns.length > shownFrom && (
            <>
              <Button
                size="small"
                startIcon={<DownloadIcon fontSize="small" />}
                onClick={() => void exportAs('md')}
                disabled={conversation.busy}
              >
                {CONVERSATION_TEXTS.exportMarkdown}
              </Button>
              <Button
                size="small"
                startIcon={<DownloadIcon fontSize="small" />}
                onClick={() => void exportAs('docx')}
                disabled={conversation.busy}
              >
                {CONVERSATION_TEXTS.exportDocx}
              </Button>
            </>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
