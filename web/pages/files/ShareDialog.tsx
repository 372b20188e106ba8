import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { removeShare, shareByEmail, SHARE_TEXTS, type Share, type ShareTarget } from '@/shared/data/shares.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { shareQueries } from '@/web/queries/shares.ts';
import { fieldProblem } from './fieldProblem.ts';

/**
 * Share a workspace or a document read-only by e-mail invitation, and see (invited / can view) or
 * revoke who it is shared with.
 * `onSharesChange` hears the list after every load, share and revoke (e.g. a row's "Shared with n").
 */
export function ShareDialog({
  open,
  target,
  name,
  onClose,
  onSharesChange,
}: {
  open: boolean;
  target: ShareTarget;
  name: string;
  onClose: () => void;
  onSharesChange?: (shares: Share[]) => void;
}) {
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const isWorkspace = 'workspaceId' in target;
  const key = 'workspaceId' in target ? target.workspaceId : target.documentId;
  const listOptions = shareQueries.list(isWorkspace ? { workspaceId: key } : { documentId: key });
  // Read each time the dialog opens (the last list shows meanwhile).
  const query = useQuery({ ...listOptions, enabled: open });
  const heard = useRef(onSharesChange);
  heard.current = onSharesChange;
  // Whoever listens hears the list after every read, share and revoke.
  useEffect(() => {
    if (query.data) heard.current?.(query.data);
  }, [query.data]);
  /** The list as the server now has it, after a share or a revoke. */
  const replace = (change: (current: Share[]) => Share[]) =>
    queryClient.setQueryData(listOptions.queryKey, (current = []) => change(current));

  const share = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await shareByEmail(supabase, target, email);
    setBusy(false);
    if (result.error) {
      setProblem(result.error.code === '42501' ? SHARE_TEXTS.viewOnly : result.error.message);
      return;
    }
    setEmail('');
    setProblem(null);
    replace((current) => [result.data, ...current.filter((s) => s.id !== result.data.id)]);
    notify(
      result.data.status === 'accepted'
        ? { title: 'Already shared', description: SHARE_TEXTS.alreadyAccepted(result.data.recipientEmail) }
        : { title: 'Invitation sent', description: SHARE_TEXTS.invited(result.data.recipientEmail) },
    );
  };

  const revoke = async (s: Share) => {
    const result = await removeShare(supabase, s.id);
    if (result.error) return notify({ title: 'Error deleting share', description: result.error.message, variant: 'destructive' });
    replace((current) => current.filter((x) => x.id !== s.id));
    notify({ title: 'Sharing stopped', description: SHARE_TEXTS.revoked(s.recipientEmail) });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-title">
      <DialogTitle id="share-title">Share “{name}”</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          People you share with can open it and download {isWorkspace ? 'its files' : 'it'}, but cannot change anything. They get an e-mail
          with a link; once they accept it while signed in, they find it in their File Manager.
        </DialogContentText>
        <Stack
          component="form"
          aria-label="Share by e-mail"
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          onSubmit={(e) => void share(e)}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            label="E-mail address"
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setProblem(null);
            }}
            {...fieldProblem(problem)}
            size="small"
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { sm: '2px' }, whiteSpace: 'nowrap' }}>
            {busy ? 'Sending…' : 'Share read-only'}
          </Button>
        </Stack>
        <QueryState
          query={query}
          loadingLabel="Loading shares"
          spinnerSize={24}
          loadingSx={{ display: 'grid', placeItems: 'center', py: 2 }}
          errorText={(message) => `Error fetching shares: ${message}`}
        >
          {(shares) => (
            <List aria-label="Shared with" dense>
              {shares.length === 0 && (
                <ListItem>
                  <ListItemText secondary="Not shared with anyone yet." />
                </ListItem>
              )}
              {shares.map((s) => (
                <ListItem
                  key={s.id}
                  secondaryAction={
                    <Tooltip title="Stop sharing">
                      <IconButton edge="end" aria-label={`Stop sharing with ${s.recipientEmail}`} onClick={() => void revoke(s)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={s.recipientEmail}
                    secondary={s.status === 'accepted' ? 'Can view' : 'Invited: not accepted yet (invite again to resend the link)'}
                    slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
