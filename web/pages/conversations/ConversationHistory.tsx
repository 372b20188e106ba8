import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, IconButton, InputAdornment, List, ListItem, Pagination, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { conversationPath } from '@/shared/core/routes.ts';
import { CONVERSATIONS_PAGE_SIZE, searchConversations, type ConversationSummary } from '@/shared/data/conversations.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { relativeTime } from '@/shared/ui/time.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';
import { RenameDialog } from '@/shared/ui/conversation/RenameDialog.tsx';
import { useConversationActions } from '@/shared/ui/conversation/useConversationActions.ts';

/** Every stored conversation, newest first: search by title or message, open to continue, rename, delete. */
export function ConversationHistory() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const actions = useConversationActions(webData);
  const query = useQuery({
    queryKey: queryKeys.conversations.search({ search: search.trim(), page }),
    queryFn: async () => unwrap(await searchConversations(supabase, { search: search.trim(), page })),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / CONVERSATIONS_PAGE_SIZE));

  return (
    <Box component="section" aria-labelledby="conversations-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography id="conversations-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {CONVERSATION_TEXTS.historyTitle}
          {query.data ? ` (${query.data.total})` : ''}
        </Typography>
        <TextField
          size="small"
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
        />
      </Stack>
      <QueryState
        query={query}
        loadingLabel={CONVERSATION_TEXTS.historyLoading}
        errorText={(message) => `${CONVERSATION_TEXTS.historyError}: ${message}`}
        isEmpty={(data) => data.conversations.length === 0}
        empty={
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {search.trim() ? CONVERSATION_TEXTS.historyNoMatch : CONVERSATION_TEXTS.historyEmpty}
          </Typography>
        }
      >
        {(data) => (
          <List aria-label={CONVERSATION_TEXTS.historyTitle} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.conversations.map((c) => (
              <ListItem
                key={c.id}
                divider
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title={CONVERSATION_TEXTS.rename}>
                      <IconButton aria-label={`${CONVERSATION_TEXTS.rename} ${c.title}`} onClick={() => setRenaming(c)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={CONVERSATION_TEXTS.delete}>
                      <IconButton aria-label={`${CONVERSATION_TEXTS.delete} ${c.title}`} onClick={() => setDeleting(c)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 12 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Button
                    component={RouterLink}
                    to={conversationPath(c.id)}
                    sx={{ px: 0, textAlign: 'left', justifyContent: 'flex-start' }}
                  >
                    {c.title}
                  </Button>
                  <Typography variant="body2" color="text.secondary">
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
          count={pages}
          page={page}
          onChange={(_e, next) => setPage(next)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
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
