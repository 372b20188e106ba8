import { useState, type FormEvent } from 'react';
import { Box, Button, Divider, IconButton, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { AUTH_TEXT, TOTP_CODE_LENGTH, validateCredentials, type CredentialErrors } from '@/shared/core/auth.ts';
import { sendMessage, type AuthResult, type AuthState } from '@/extension/lib/messaging.ts';
import { GoogleButton } from '@/shared/ui/GoogleButton.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { PANEL_TEXTS } from './panelTexts.ts';
import { errorMessage } from '@/shared/core/text.ts';

const TEXTS = PANEL_TEXTS.signIn;

/**
 * Signing in inside the extension (the background does the work): e-mail and password, then the
 * authenticator code when the account has two-factor authentication, or Google through the
 * browser's identity window. Creating an account happens on the dashboard.
 */

export interface SignInFormProps {
  /** The account needs its second factor (signed in with a password at aal1). */
  needsSecondFactor: boolean;
  onResult: (state: AuthState) => void;
  onCreateAccount: () => void;
}

export function SignInForm({ needsSecondFactor, onResult, onCreateAccount }: SignInFormProps) {
  const notify = useNotify();
  const [busy, setBusy] = useState<'password' | 'google' | 'totp' | 'cancel' | null>(null);

  const run = async (kind: NonNullable<typeof busy>, call: () => Promise<AuthResult>, success = true) => {
    setBusy(kind);
    try {
      const result = await call();
      if (!result.ok) {
        notify({ title: result.title, description: result.message, variant: 'destructive' });
        return false;
      }
      onResult(result.state);
      if (success && !result.state.needsSecondFactor) notify(AUTH_TEXT.signInSuccess);
      return true;
    } catch (error) {
      notify({ title: AUTH_TEXT.signInError, description: errorMessage(error), variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  };

  if (needsSecondFactor) {
    return (
      <TotpStep
        busy={busy}
        onVerify={(code) => run('totp', () => sendMessage('auth:verifyTotp', { code }))}
        onCancel={() => void run('cancel', () => sendMessage('auth:signOut'), false)}
      />
    );
  }
  return (
    <Stack spacing={2}>
      <PasswordStep busy={busy} onSubmit={(email, password) => run('password', () => sendMessage('auth:signIn', { email, password }))} />
      <Divider>{TEXTS.or}</Divider>
      <GoogleButton
        dataKey="google"
        loading={busy === 'google'}
        disabled={busy !== null}
        onClick={() => void run('google', () => sendMessage('auth:google'))}
      />
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {TEXTS.newHere}{' '}
        <Link component="button" type="button" onClick={onCreateAccount} sx={{ verticalAlign: 'baseline' }} data-fd="create-account">
          {TEXTS.createAccount}
        </Link>
      </Typography>
    </Stack>
  );
}

function PasswordStep({ busy, onSubmit }: { busy: string | null; onSubmit: (email: string, password: string) => Promise<boolean> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<CredentialErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCredentials(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    if (await onSubmit(email.trim(), password)) setPassword('');
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-label={TEXTS.form}>
      <Stack spacing={2}>
        <TextField
          label={TEXTS.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'data-fd': 'email' } }}
        />
        <TextField
          label={TEXTS.password}
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          fullWidth
          size="small"
          slotProps={{
            htmlInput: { 'data-fd': 'password' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={shown ? TEXTS.hidePassword : TEXTS.showPassword}
                    onClick={() => setShown((s) => !s)}
                    edge="end"
                    size="small"
                    data-fd="show-password"
                  >
                    {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={busy === 'password'}
          disabled={busy !== null}
          fullWidth
          data-fd="sign-in"
        >
          {TEXTS.submit}
        </Button>
      </Stack>
    </Box>
  );
}

function TotpStep({
  busy,
  onVerify,
  onCancel,
}: {
  busy: string | null;
  onVerify: (code: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onVerify(code);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Two-factor authentication">
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Two-factor authentication
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Enter the {TOTP_CODE_LENGTH}-digit code from your authenticator app.
        </Typography>
        <TextField
          label="Authentication code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoFocus
          size="small"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy === 'totp'} disabled={busy !== null} fullWidth>
          Verify
        </Button>
        <Button onClick={onCancel} disabled={busy !== null} color="inherit">
          Use another account
        </Button>
      </Stack>
    </Box>
  );
}
