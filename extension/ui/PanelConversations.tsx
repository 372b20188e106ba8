import { Box, Button } from '@mui/material';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { ConversationList } from '@/shared/ui/conversation/ConversationList.tsx';
import { extData } from './extClient.ts';

/**
 * The stored conversations in the side panel (follow-ups on runs, chats about pages), newest
 * first: search by title or message, open one to go on with it in Chat, rename, delete.
 */
export function PanelConversations({ onOpen }: { onOpen: (conversationId: string) => void }) {
  return (
    <Box component="section" aria-label={CONVERSATION_TEXTS.historyTitle}>
      <ConversationList
        client={extData}
        dense
        openControl={(c) => (
          <Button
            onClick={() => onOpen(c.id)}
            aria-label={`${CONVERSATION_TEXTS.open} ${c.title}`}
            sx={{ px: 0, textAlign: 'left', justifyContent: 'flex-start', overflowWrap: 'anywhere' }}
          >
            {c.title}
          </Button>
        )}
      />
    </Box>
  );
}
