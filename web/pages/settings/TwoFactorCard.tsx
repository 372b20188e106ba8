import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
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
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { AUTH_TEXT, groupSecret, isTotpCode, normalizeTotpCode, qrImageSrc, TOTP_CODE_LENGTH, TOTP_ISSUER } from '@/shared/core/auth.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { enrollTotp, listTotpFactors, removeUnverifiedFactors, unenrollFactor, verifyTotp, type TotpEnrolment } from '@/web/lib/auth.ts';

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
          <Enrolment
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

function Enrolment({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onDone: (factorId: string) => void;
}) {
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      notify({ title: 'Secret copied', description: 'Paste it into your authenticator app.' });
    } catch {
      notify({ title: 'Could not copy', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    const digits = normalizeTotpCode(code);
    if (!isTotpCode(digits)) {
      setError(`Enter the ${TOTP_CODE_LENGTH}-digit code your app shows.`);
      codeRef.current?.focus();
      return;
    }
    setVerifying(true);
    const failed = await verifyTotp(enrolment.factorId, digits);
    setVerifying(false);
    if (failed) {
      setError(/invalid|code/i.test(failed.message) ? AUTH_TEXT.totpInvalid : failed.message);
      setCode('');
      codeRef.current?.focus();
      return;
    }
    onDone(enrolment.factorId);
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <Box
          component="img"
          src={qrImageSrc(enrolment.qrCode)}
          alt={`QR code to add ${TOTP_ISSUER} to your authenticator app`}
          sx={{ width: 180, height: 180, flexShrink: 0, p: 1, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 2 }}
        />
        <Stack spacing={1.5} sx={{ minWidth: 0, flexGrow: 1, width: '100%' }}>
          <Typography variant="body2">
            <strong>1.</strong> Scan the QR code with your authenticator app. If you cannot scan it, enter this secret key instead:
          </Typography>
          <TextField
            label="Secret key"
            value={groupSecret(enrolment.secret)}
            size="small"
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.05em' },
              },
              input: {
                endAdornment: (
                  <Tooltip title="Copy secret">
                    <IconButton aria-label="Copy secret" onClick={() => void copy()} edge="end" size="small">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ),
              },
            }}
          />
          <Typography variant="body2">
            <strong>2.</strong> Enter the {TOTP_CODE_LENGTH}-digit code the app shows to finish.
          </Typography>
          <Stack
            component="form"
            noValidate
            onSubmit={(e) => void submit(e)}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            aria-label="Verify authenticator app"
          >
            <TextField
              inputRef={codeRef}
              label="Verification code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/[^\d\s-]/g, '').slice(0, 8));
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? undefined}
              size="small"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
              sx={{ flexGrow: 1 }}
            />
            <Button type="submit" variant="contained" loading={verifying} sx={{ alignSelf: { sm: 'flex-start' }, height: 40 }}>
              Verify and turn on
            </Button>
          </Stack>
        </Stack>
      </Stack>
      <Box>
        <Button onClick={onCancel} disabled={verifying} color="inherit">
          Cancel set-up
        </Button>
      </Box>
    </Stack>
  );
}
