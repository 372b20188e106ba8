import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { conversationPath } from '@/shared/core/routes.ts';
import { ConversationList } from '@/shared/ui/conversation/ConversationList.tsx';
import { webData } from '../run/runSide.ts';

/** Every stored conversation, newest first: search by title or message, open to continue, rename, delete. */
export function ConversationHistory() {
  return (
    <Box component="section" aria-labelledby="conversations-title">
      <ConversationList
        client={webData}
        heading={(total) => (
          <Typography id="conversations-title" variant="h6" component="h2">
            {CONVERSATION_TEXTS.historyTitle}
            {total !== null ? ` (${total})` : ''}
          </Typography>
        )}
        openControl={(c) => (
          <Button component={RouterLink} to={conversationPath(c.id)} sx={{ px: 0, textAlign: 'left', justifyContent: 'flex-start' }}>
            {c.title}
          </Button>
        )}
      />
    </Box>
  );
}
