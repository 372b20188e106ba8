import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Box,
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
import { MAIL_TEXTS } from '@/shared/core/mail.ts';
import type { InvitationDelivery } from '@/shared/data/projectStatus.ts';
import { SHARE_TEXTS, type Share, type ShareTarget } from '@/shared/data/shares.ts';
import { QueryError } from '@/shared/ui/query.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { InvitationLink } from '@/web/components/InvitationLink.tsx';
import { projectQueries } from '@/web/queries/projectStatus.ts';
import { shareQueries, useRevokeShareMutation, useShareMutation } from '@/web/queries/shares.ts';
import { fieldProblem } from './fieldProblem.ts';

/**
 * Share a workspace or a document read-only by e-mail invitation, and see (invited / can view) or
 * revoke who it is shared with. While mail is off on the project (or when the mailer refused one),
 * the invitation's link is shown to copy and pass on.
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
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The last invitation's link, when it was not mailed. */
  const [unmailed, setUnmailed] = useState<{ email: string; delivery: Exclude<InvitationDelivery, { mail: 'sent' }> } | null>(null);
  const isWorkspace = 'workspaceId' in target;
  // Read each time the dialog opens (the last list shows meanwhile).
  const query = useQuery({ ...shareQueries.list(target), enabled: open });
  const mailOff = useQuery({ ...projectQueries.mail(), enabled: open }).data === 'off';
  const { mutateAsync: shareWith, isPending: busy } = useShareMutation(target);
  const { mutateAsync: stopSharing } = useRevokeShareMutation(target);
  const heard = useRef(onSharesChange);
  heard.current = onSharesChange;
  // Whoever listens hears the list after every read, share and revoke.
  useEffect(() => {
    if (query.data) heard.current?.(query.data);
  }, [query.data]);
  const share = async (event: FormEvent) => {
    event.preventDefault();
    const shared = await shareWith(email).catch((error: Error) => {
      // A view-only account may not share (the policy refuses with 42501).
      setProblem(error instanceof QueryError && error.dataError.code === '42501' ? SHARE_TEXTS.viewOnly : error.message);
      return null;
    });
    if (!shared) return;
    setEmail('');
    setProblem(null);
    setUnmailed(shared.delivery && shared.delivery.mail !== 'sent' ? { email: shared.recipientEmail, delivery: shared.delivery } : null);
  };

  const close = () => {
    setUnmailed(null);
    onClose();
  };

  const revoke = async (s: Share) => {
    await stopSharing(s).catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="share-title">
      <DialogTitle id="share-title">Share “{name}”</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: mailOff && !unmailed ? 1 : 2 }}>
          People you share with can open it and download {isWorkspace ? 'its files' : 'it'}, but cannot change anything.
          {!mailOff && ' They get an e-mail with a link; once they accept it while signed in, they find it in their File Manager.'}
        </DialogContentText>
        {mailOff && !unmailed && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <AlertTitle>{MAIL_TEXTS.offTitle}</AlertTitle>
            {SHARE_TEXTS.mailOffIntro}
          </Alert>
        )}
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
        {unmailed && (
          <Box sx={{ mt: 2 }}>
            <InvitationLink
              title={SHARE_TEXTS.linkTitle}
              message={unmailed.delivery.mail === 'off' ? SHARE_TEXTS.linkOff(unmailed.email) : SHARE_TEXTS.linkRefused(unmailed.email)}
              link={unmailed.delivery.link}
            />
          </Box>
        )}
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
                    secondary={
                      s.status === 'accepted'
                        ? 'Can view'
                        : `Invited: not accepted yet (invite again to ${mailOff ? 'get a new link' : 'resend the link'})`
                    }
                    slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
