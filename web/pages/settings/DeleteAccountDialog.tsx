import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { hasPasswordIdentity, recentSignInSecondsLeft } from '@/shared/core/account/reauth.ts';
import { ACCOUNT_TEXTS, deleteFormProblem } from '@/shared/core/account/texts.ts';
import { deleteAccount } from '@/shared/data/account.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { startGoogleSignIn } from '@/web/lib/auth.ts';
import { signOut } from '@/web/lib/session.tsx';
import { sessionAtom, signingOutAtom, useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** Set while the account signs in with Google again to confirm a deletion: Settings opens the dialog on return. */
export const DELETE_AFTER_REAUTH_KEY = 'ai_vault_delete_after_reauth';

/**
 * Asks for the password (and the authenticator code when the account has one) and the typed
 * word, then deletes the account on the server. An account without a password (Google only)
 * signs in with Google again instead, and comes back here with a fresh session. The server signs the account out everywhere; this
 * browser then leaves the signed-in area and drops its copy of the session.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const setSigningOut = useSetAtom(signingOutAtom);
  const user = useUser();
  const needsCode = (user?.factors ?? []).some((f) => f.factor_type === 'totp' && f.status === 'verified');
  const needsPassword = hasPasswordIdentity(user?.identities);
  const accessToken = useAtomValue(sessionAtom)?.access_token ?? '';
  const [openedAt] = useState(() => Date.now());
  const signedInAgain = !needsPassword && recentSignInSecondsLeft(accessToken, openedAt) > 0;
  const [form, setForm] = useState({ password: '', code: '', confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  const signInAgain = async () => {
    setBusy(true);
    setError(null);
    window.sessionStorage.setItem(DELETE_AFTER_REAUTH_KEY, '1');
    const started = await startGoogleSignIn(ROUTES.settings);
    if (!started.ok) {
      window.sessionStorage.removeItem(DELETE_AFTER_REAUTH_KEY);
      setBusy(false);
      setError(ACCOUNT_TEXTS.reauthFailed);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = deleteFormProblem(form, {
      code: needsCode,
      password: needsPassword,
      recentSignIn: recentSignInSecondsLeft(accessToken, Date.now()) > 0,
    });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await deleteAccount(supabase, { ...form, code: needsCode ? form.code : '' });
    if (result.error) {
      setBusy(false);
      setError(result.error.message);
      return;
    }
    setSigningOut(true);
    await navigate(ROUTES.landing, { replace: true, flushSync: true });
    await signOut();
    setSigningOut(false);
    notify({ title: ACCOUNT_TEXTS.deleted, duration: 10_000 });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{ACCOUNT_TEXTS.dialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{ACCOUNT_TEXTS.dialogIntro}</DialogContentText>
          <Stack spacing={2}>
            {needsPassword ? (
              <TextField
                label={ACCOUNT_TEXTS.passwordLabel}
                type="password"
                autoComplete="current-password"
                value={form.password}
                onChange={change('password')}
                autoFocus
                required
                fullWidth
              />
            ) : signedInAgain ? (
              <Alert severity="success">{ACCOUNT_TEXTS.reauthDone}</Alert>
            ) : (
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <DialogContentText>{ACCOUNT_TEXTS.reauthIntro}</DialogContentText>
                <Button variant="outlined" startIcon={<GoogleIcon />} onClick={() => void signInAgain()} disabled={busy} autoFocus>
                  {ACCOUNT_TEXTS.reauthButton}
                </Button>
              </Stack>
            )}
            {needsCode && (
              <TextField
                label={ACCOUNT_TEXTS.codeLabel}
                helperText={ACCOUNT_TEXTS.codeHelp}
                value={form.code}
                onChange={change('code')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
                required
                fullWidth
              />
            )}
            <TextField label={ACCOUNT_TEXTS.confirmLabel} value={form.confirmation} onChange={change('confirmation')} required fullWidth />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {ACCOUNT_TEXTS.cancel}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {busy ? ACCOUNT_TEXTS.deleting : ACCOUNT_TEXTS.confirmButton}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
