import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { AUTH_TEXT } from '@/shared/core/auth.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { enrollTotp, listTotpFactors, removeUnverifiedFactors, unenrollFactor, type TotpEnrolment } from '@/web/lib/auth.ts';
import { TwoFactorEnrolment } from './TwoFactorEnrolment.tsx';

type CardState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'off' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'on'; factorId: string; since: string };

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Settings → two-factor authentication (TOTP): status, set-up with a QR
 * code or the secret, verification with a first code, and removal. Factors left unverified by an
 * abandoned set-up are removed when the card loads.
 */
export function TwoFactorCard() {
  const notify = useNotify();
  const [state, setState] = useState<CardState>({ kind: 'loading' });
  const [starting, setStarting] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);

  const load = useCallback(async () => {
    const result = await listTotpFactors();
    if ('error' in result) {
      setState({ kind: 'error', message: result.error.message });
      return;
    }
    if (result.unverified.length) await removeUnverifiedFactors(result.unverified);
    setState(result.verified ? { kind: 'on', factorId: result.verified.id, since: result.verified.updated_at } : { kind: 'off' });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const start = async () => {
    setStarting(true);
    const result = await enrollTotp();
    setStarting(false);
    if ('error' in result) {
      notify({ title: AUTH_TEXT.totpError, description: result.error.message, variant: 'destructive' });
      return;
    }
    setState({ kind: 'enrolling', enrolment: result });
  };

  const cancel = async (factorId: string) => {
    setState({ kind: 'off' });
    await unenrollFactor(factorId);
  };

  const remove = async () => {
    if (state.kind !== 'on') return;
    setRemoving(true);
    const error = await unenrollFactor(state.factorId);
    setRemoving(false);
    setConfirmRemove(false);
    if (error) {
      notify({ title: AUTH_TEXT.totpError, description: error.message, variant: 'destructive' });
      return;
    }
    notify(AUTH_TEXT.totpRemoved);
    setState({ kind: 'off' });
  };

  const on = state.kind === 'on';

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(79,70,229,0.10)',
              color: 'primary.main',
            }}
          >
            <PhonelinkLockIcon />
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="h6" component="h2">
                Two-factor authentication
              </Typography>
              {(state.kind === 'on' || state.kind === 'off' || state.kind === 'enrolling') && (
                <Chip
                  size="small"
                  label={on ? 'On' : 'Off'}
                  color={on ? 'success' : 'default'}
                  aria-label={`Two-factor authentication is ${on ? 'on' : 'off'}`}
                />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Protect your account with a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…) each time you
              sign in.
            </Typography>
          </Box>
        </Stack>

        {state.kind === 'loading' && (
          <Stack sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={28} aria-label="Loading two-factor status" />
          </Stack>
        )}

        {state.kind === 'error' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                Retry
              </Button>
            }
          >
            Could not load your two-factor settings: {state.message}
          </Alert>
        )}

        {state.kind === 'off' && (
          <Button variant="contained" onClick={() => void start()} loading={starting}>
            Set up two-factor authentication
          </Button>
        )}

        {state.kind === 'enrolling' && (
          <TwoFactorEnrolment
            enrolment={state.enrolment}
            onCancel={() => void cancel(state.enrolment.factorId)}
            onDone={(factorId) => {
              notify(AUTH_TEXT.totpEnabled);
              setState({ kind: 'on', factorId, since: new Date().toISOString() });
            }}
          />
        )}

        {state.kind === 'on' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="body2">
              Authenticator app added on {formatDate(state.since)}. You will be asked for a code when you sign in.
            </Typography>
            <Button variant="outlined" color="error" onClick={() => setConfirmRemove(true)} sx={{ flexShrink: 0 }}>
              Remove two-factor authentication
            </Button>
          </Stack>
        )}
      </CardContent>

      <Dialog
        open={confirmRemove}
        onClose={() => !removing && setConfirmRemove(false)}
        aria-labelledby="remove-2fa-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="remove-2fa-title">Remove two-factor authentication?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Signing in will need only your password. You can set up an authenticator app again at any time.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmRemove(false)} disabled={removing}>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={() => void remove()} loading={removing}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
