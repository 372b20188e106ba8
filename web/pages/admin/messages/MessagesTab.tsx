import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardActions, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ContactMessage } from '@/shared/data/contact.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { adminQueries, useDeleteMessageMutation } from '@/web/queries/admin.ts';
import type { AdminTabProps } from '../adminTabs.ts';

/** Messages read per page (the tab offers more). */
const PAGE_SIZE = 50;

const sentAt = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What visitors sent through /contact (stored in contact_messages; only admins read them), newest first. */
export function MessagesTab({ reloadKey }: AdminTabProps) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const { mutateAsync: deleteMessage } = useDeleteMessageMutation(limit);
  const query = useQuery({
    ...adminQueries.messages(limit),
    // "Show older messages" keeps the list on screen while the longer one loads.
    placeholderData: keepPreviousData,
  });

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [reloadKey, queryClient]);

  const remove = async (message: ContactMessage) => {
    setDeleting(null);
    await deleteMessage(message).catch(() => undefined);
  };

  return (
    <QueryState
      query={query}
      loadingLabel="Loading messages"
      loadingSx={{ display: 'grid', placeItems: 'center', py: 6 }}
      errorText={(text) => (
        <>
          <strong>Error fetching messages</strong>
          <br />
          {text}
        </>
      )}
      retryColor="inherit"
      isEmpty={(messages) => messages.length === 0}
      empty={
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No messages yet. What visitors send through the Contact page appears here.
        </Typography>
      }
    >
      {(messages) => (
        <Stack spacing={2}>
          <Stack component="ul" aria-label="Contact messages" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {messages.map((message) => (
              <Card key={message.id} component="li" aria-label={message.subject}>
                <CardContent>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {message.subject}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
                    {message.name} · {message.email} · {sentAt(message.created_at)}
                    {message.user_id ? ' · signed in' : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.message}
                  </Typography>
                </CardContent>
                <CardActions sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    component={Link}
                    href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                    underline="none"
                  >
                    Reply by e-mail
                  </Button>
                  <Button color="error" onClick={() => setDeleting(message)} aria-label={`Delete message ${message.subject}`}>
                    Delete
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Stack>
          {messages.length >= limit && (
            <Button onClick={() => setLimit((l) => l + PAGE_SIZE)} sx={{ alignSelf: 'center' }}>
              Show older messages
            </Button>
          )}
          <ConfirmDialog
            open={deleting !== null}
            title="Delete this message?"
            confirmLabel="Delete"
            onConfirm={() => deleting && void remove(deleting)}
            onCancel={() => setDeleting(null)}
          >
            “{deleting?.subject}” from {deleting?.email} will be deleted for every admin. This cannot be undone.
          </ConfirmDialog>
        </Stack>
      )}
    </QueryState>
  );
}
