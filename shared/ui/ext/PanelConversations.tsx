import { useState } from 'react';
import { Box, Button, IconButton, InputAdornment, List, ListItem, Pagination, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { CONVERSATIONS_PAGE_SIZE, searchConversations, type ConversationSummary } from '@/shared/data/conversations.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { RenameDialog } from '../conversation/RenameDialog.tsx';
import { useConversationActions } from '../conversation/useConversationActions.ts';
import { unwrap } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';
import { QueryState } from '../QueryState.tsx';
import { relativeTime } from '../time.ts';
import { extData } from './extClient.ts';

/**
 * The stored conversations in the side panel (follow-ups on runs, chats about pages), newest
 * first: search by title or message, open one to go on with it in Chat, rename, delete.
 */
export function PanelConversations({ onOpen }: { onOpen: (conversationId: string) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const actions = useConversationActions(extData);
  const query = useQuery({
    queryKey: queryKeys.conversations.search({ search: search.trim(), page }),
    queryFn: async () => unwrap(await searchConversations(await extData(), { search: search.trim(), page })),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / CONVERSATIONS_PAGE_SIZE));

  return (
    <Box component="section" aria-label={CONVERSATION_TEXTS.historyTitle}>
      <TextField
        size="small"
        fullWidth
        label={CONVERSATION_TEXTS.search}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1 }}
      />
      <QueryState
        query={query}
        loadingLabel={CONVERSATION_TEXTS.historyLoading}
        loadingSx={{ display: 'grid', placeItems: 'center', py: 4 }}
        errorText={(message) => `${CONVERSATION_TEXTS.historyError}: ${message}`}
        isEmpty={(data) => data.conversations.length === 0}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {search.trim() ? CONVERSATION_TEXTS.historyNoMatch : CONVERSATION_TEXTS.historyEmpty}
          </Typography>
        }
      >
        {(data) => (
          <List dense aria-label={CONVERSATION_TEXTS.historyTitle} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.conversations.map((c) => (
              <ListItem
                key={c.id}
                divider
                disableGutters
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title={CONVERSATION_TEXTS.rename}>
                      <IconButton size="small" aria-label={`${CONVERSATION_TEXTS.rename} ${c.title}`} onClick={() => setRenaming(c)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={CONVERSATION_TEXTS.delete}>
                      <IconButton size="small" aria-label={`${CONVERSATION_TEXTS.delete} ${c.title}`} onClick={() => setDeleting(c)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 9 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Button
                    onClick={() => onOpen(c.id)}
                    aria-label={`${CONVERSATION_TEXTS.open} ${c.title}`}
                    sx={{ px: 0, textAlign: 'left', justifyContent: 'flex-start', overflowWrap: 'anywhere' }}
                  >
                    {c.title}
                  </Button>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {CONVERSATION_TEXTS.turns(c.turns)} · {c.model ?? c.provider} · {relativeTime(c.updatedAt)}
                  </Typography>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      {pages > 1 && (
        <Pagination
          size="small"
          count={pages}
          page={page}
          onChange={(_e, next) => setPage(next)}
          sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <RenameDialog
        conversation={renaming}
        onClose={() => setRenaming(null)}
        onRename={async (title) => (renaming ? actions.rename(renaming.id, title) : null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={CONVERSATION_TEXTS.delete}
        confirmLabel={CONVERSATION_TEXTS.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void actions.remove(deleting.id);
          setDeleting(null);
        }}
      >
        {CONVERSATION_TEXTS.confirmDelete(deleting?.title ?? '')}
      </ConfirmDialog>
    </Box>
  );
}
