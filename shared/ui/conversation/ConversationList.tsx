import { useState, type ReactNode } from 'react';
import { Box, IconButton, InputAdornment, List, ListItem, Pagination, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { CONVERSATIONS_PAGE_SIZE, type ConversationSummary } from '@/shared/data/conversations.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { conversationQueries } from '../queries/conversations.ts';
import type { DataClient } from '../query.ts';
import { QueryState } from '../QueryState.tsx';
import { relativeTime } from '../time.ts';
import { RenameDialog } from './RenameDialog.tsx';
import { useConversationActions } from './useConversationActions.ts';

/**
 * The stored conversations, newest first, on the dashboard's page and in the side panel alike:
 * search by title or message, a page at a time, rename and delete (with a confirmation). Each
 * screen says how a conversation opens (a link, or the panel's Chat tab) and where the heading goes.
 */
export function ConversationList({
  client,
  dense = false,
  heading,
  openControl,
}: {
  client: DataClient;
  /** The side panel's narrow layout: smaller controls, the search across the whole width. */
  dense?: boolean;
  /** A heading shown beside the search (the dashboard's), given the total once known. */
  heading?: (total: number | null) => ReactNode;
  /** The control that opens a conversation, labelled with its title. */
  openControl: (conversation: ConversationSummary) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const actions = useConversationActions(client);
  const query = useQuery({ ...conversationQueries.search(client, { search: search.trim(), page }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / CONVERSATIONS_PAGE_SIZE));
  const size = dense ? 'small' : 'medium';

  const searchField = (
    <TextField
      size="small"
      fullWidth={dense}
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
      sx={dense ? { mb: 1 } : undefined}
    />
  );

  return (
    <>
      {heading ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Box sx={{ flex: 1 }}>{heading(query.data?.total ?? null)}</Box>
          {searchField}
        </Stack>
      ) : (
        searchField
      )}
      <QueryState
        query={query}
        loadingLabel={CONVERSATION_TEXTS.historyLoading}
        loadingSx={dense ? { display: 'grid', placeItems: 'center', py: 4 } : undefined}
        errorText={(message) => `${CONVERSATION_TEXTS.historyError}: ${message}`}
        isEmpty={(data) => data.conversations.length === 0}
        empty={
          <Typography variant={dense ? 'body2' : 'body1'} color="text.secondary" sx={{ py: dense ? 2 : 3 }}>
            {search.trim() ? CONVERSATION_TEXTS.historyNoMatch : CONVERSATION_TEXTS.historyEmpty}
          </Typography>
        }
      >
        {(data) => (
          <List dense={dense} aria-label={CONVERSATION_TEXTS.historyTitle} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.conversations.map((c) => (
              <ListItem
                key={c.id}
                divider
                disableGutters={dense}
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title={CONVERSATION_TEXTS.rename}>
                      <IconButton size={size} aria-label={`${CONVERSATION_TEXTS.rename} ${c.title}`} onClick={() => setRenaming(c)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={CONVERSATION_TEXTS.delete}>
                      <IconButton size={size} aria-label={`${CONVERSATION_TEXTS.delete} ${c.title}`} onClick={() => setDeleting(c)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: dense ? 9 : 12 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  {openControl(c)}
                  <Typography variant={dense ? 'caption' : 'body2'} color="text.secondary" component="p">
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
          size={size}
          count={pages}
          page={page}
          onChange={(_e, next) => setPage(next)}
          sx={{ mt: dense ? 1 : 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <RenameDialog
        conversation={renaming}
        saving={actions.renaming}
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
    </>
  );
}
