import { WEB_SEARCH_TEXTS, type WebSearchPath } from '@/shared/core/webSearch.ts';
import { WebSources } from '../webSearch/WebSources.tsx';
import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, LinearProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import StopIcon from '@mui/icons-material/Stop';
import type { Turn } from '@/shared/core/conversations/conversation.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { OutputActions, type OutputActionsSetup } from '../run/OutputActions.tsx';
import { UsageLine } from '../usage/UsageLine.tsx';
import type { ConversationState } from './useConversation.ts';
import { DictationTextField } from '../ai/dictation.tsx';

export interface ConversationThreadProps {
  conversation: ConversationState;
  /** Turns before this index are on screen elsewhere (the run's own output). */
  shownFrom: number;
  actions: OutputActionsSetup;
  documentName: (turnIndex: number) => string;
  /** Regenerate and edit need a model to send with (false: no usable key yet). */
  canSend: boolean;
  onRegenerate: () => void;
  onEditLast: (text: string) => void;
}

/**
 * The turns of a conversation: the user's questions as bubbles, the answers as sanitised markdown
 * with their model, Copy and Save; the last answer can be regenerated and the last question edited
 * and sent again. The answer being written streams at the end, with Stop.
 */
export function ConversationThread({
  conversation,
  shownFrom,
  actions,
  documentName,
  canSend,
  onRegenerate,
  onEditLast,
}: ConversationThreadProps) {
  const { turns, asking, run, busy } = conversation;
  const [editing, setEditing] = useState<string | null>(null);
  const lastUser = turns.findLastIndex((t) => t.role === 'user');
  const lastIndex = turns.length - 1;
  const visible = turns.map((turn, index) => ({ turn, index })).filter(({ index }) => index >= shownFrom);

  return (
    <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={CONVERSATION_TEXTS.historyTitle}>
      {visible.map(({ turn, index }) =>
        turn.role === 'user' ? (
          <Box component="li" key={index}>
            {editing !== null && index === lastUser ? (
              <EditBox
                value={editing}
                onChange={setEditing}
                onCancel={() => setEditing(null)}
                onSave={() => {
                  onEditLast(editing);
                  setEditing(null);
                }}
                disabled={!canSend || !editing.trim()}
              />
            ) : (
              <Question text={turn.content} images={(turn.imagePaths ?? []).map((path) => conversation.imageUrls[path] ?? null)}>
                {index === lastUser && !busy && (
                  <Button
                    size="small"
                    startIcon={<EditIcon fontSize="small" />}
                    onClick={() => setEditing(turn.content)}
                    disabled={!canSend}
                  >
                    {CONVERSATION_TEXTS.editLast}
                  </Button>
                )}
              </Question>
            )}
          </Box>
        ) : (
          <Box component="li" key={index}>
            <Answer turn={turn} searchedWith={conversation.webSearchedWith[index] ?? null} index={index}>
              <UsageLine usage={conversation.usage[index] ?? null} />
              <OutputActions text={turn.content} documentName={documentName(index)} canSave setup={actions} />
              {index === lastIndex && !busy && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<RefreshIcon fontSize="small" />}
                  onClick={onRegenerate}
                  disabled={!canSend}
                >
                  {CONVERSATION_TEXTS.regenerate}
                </Button>
              )}
            </Answer>
          </Box>
        ),
      )}
      {asking !== null && (
        <>
          <Box component="li">
            <Question text={asking} />
          </Box>
          <Box component="li" aria-busy>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }} role="status">
                {RUN_TEXTS.writingProgress}
              </Typography>
              <Button size="small" color="error" variant="outlined" startIcon={<StopIcon fontSize="small" />} onClick={conversation.stop}>
                {RUN_TEXTS.stop}
              </Button>
            </Stack>
            <LinearProgress sx={{ mb: 1.5 }} aria-label={RUN_TEXTS.writingProgress} />
            {run.text ? (
              <LazyMarkdown text={run.text} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {RUN_TEXTS.waiting}
              </Typography>
            )}
          </Box>
        </>
      )}
      {run.status === 'error' && run.error && !busy && (
        <Box component="li">
          <Alert severity="error" data-testid="conversation-error">
            <AlertTitle>{run.error.title}</AlertTitle>
            {run.error.message}
          </Alert>
        </Box>
      )}
    </Stack>
  );
}

function Question({ text, images = [], children }: { text: string; images?: readonly (string | null)[]; children?: React.ReactNode }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Paper
        variant="outlined"
        data-testid="conversation-question"
        sx={{
          px: 2,
          py: 1.25,
          maxWidth: '85%',
          bgcolor: 'action.hover',
          borderRadius: 3,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="caption" color="text.secondary" component="p">
          {CONVERSATION_TEXTS.you}
        </Typography>
        <Typography variant="body2">{text}</Typography>
        {images.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} data-testid="question-images">
            {images.map((src, i) =>
              src ? (
                <Box
                  key={i}
                  component="img"
                  src={src}
                  alt={CONVERSATION_TEXTS.imageAlt(i + 1)}
                  sx={{ maxWidth: 160, maxHeight: 120, borderRadius: 1, border: 1, borderColor: 'divider', objectFit: 'contain' }}
                />
              ) : (
                <Skeleton key={i} variant="rounded" width={120} height={80} />
              ),
            )}
          </Stack>
        )}
      </Paper>
      {children}
    </Stack>
  );
}

/**
 * An answer with its actions, and the web sources it was sent with: the service that searched is
 * named for answers written on this screen (`searchedWith`); a reopened conversation lists its sources.
 */
function Answer({
  turn,
  index,
  searchedWith,
  children,
}: {
  turn: Turn;
  index: number;
  searchedWith: WebSearchPath | null;
  children: React.ReactNode;
}) {
  return (
    <Box data-testid="conversation-answer">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {CONVERSATION_TEXTS.answerBy(turn.model ?? null)}
        {turn.status === 'stopped' && ` · ${CONVERSATION_TEXTS.stoppedAnswer}`}
      </Typography>
      <LazyMarkdown text={turn.content} />
      {turn.webSources?.length ? (
        <Box sx={{ mt: 1.5 }}>
          <WebSources
            web={{ provider: searchedWith, sources: [...turn.webSources] }}
            answer={turn.content}
            idPrefix={`answer-${index}-web-sources`}
          />
        </Box>
      ) : (
        searchedWith && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {WEB_SEARCH_TEXTS.nothingFound(searchedWith)}
          </Typography>
        )
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {children}
      </Stack>
    </Box>
  );
}

function EditBox(props: { value: string; onChange: (v: string) => void; onSave: () => void; onCancel: () => void; disabled: boolean }) {
  return (
    <Stack spacing={1}>
      <DictationTextField
        label={CONVERSATION_TEXTS.editLast}
        value={props.value}
        onValueChange={props.onChange}
        multiline
        minRows={2}
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !props.disabled) {
            e.preventDefault();
            props.onSave();
          }
          if (e.key === 'Escape') props.onCancel();
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={props.onCancel}>
          {CONVERSATION_TEXTS.cancelEdit}
        </Button>
        <Button size="small" variant="contained" onClick={props.onSave} disabled={props.disabled}>
          {CONVERSATION_TEXTS.saveEdit}
        </Button>
      </Stack>
    </Stack>
  );
}
