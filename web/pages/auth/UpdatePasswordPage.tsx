import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  AUTH_TEXT,
  authErrorFromUrl,
  hasErrors,
  isRecoveryToken,
  validateNewPassword,
  type NewPasswordErrors,
} from '@/shared/core/auth.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { updatePassword } from '@/web/lib/auth.ts';
import { sessionAtom } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { AuthCard } from './AuthCard.tsx';
import { PasswordField } from './PasswordField.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';

/**
 * /update-password: the reset link lands here with a one-time ?code= that supabase-js
 * exchanges for a recovery session (PASSWORD_RECOVERY). Without one — expired or used link, or
 * another browser — the page says so and offers a new link. An account with two-factor
 * authentication enters its code before the new password.
 */
export function UpdatePasswordPage() {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  const [urlError] = useState(() => authErrorFromUrl(location.search, location.hash));
  const [recoveryEvent, setRecoveryEvent] = useState(false);

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'PASSWORD_RECOVERY') setRecoveryEvent(true);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  if (session === undefined) {
    return (
      <AuthCard title="Choose a new password" icon={<KeyIcon />}>
        <Stack sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress aria-label="Loading" />
        </Stack>
      </AuthCard>
    );
  }
  if (!session || !(recoveryEvent || isRecoveryToken(session.access_token))) return <NoRecoverySession urlError={urlError} />;
  // Like hosted Supabase, the server refuses a new password from an aal1 session once the account
  // has a verified factor: the code comes first (the session becomes aal2 and the form shows).
  if (needsSecondFactor(session)) return <RecoveryCodeStep />;
  return <NewPasswordForm />;
}

function RecoveryCodeStep() {
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Your account has two-factor authentication: enter the code from your authenticator app first."
      icon={<KeyIcon />}
    >
      <SecondFactorStep />
    </AuthCard>
  );
}

function NoRecoverySession({ urlError }: { urlError: string | null }) {
  return (
    <AuthCard title="Reset link not valid" icon={<LinkOffIcon />} subtitle={AUTH_TEXT.recoveryMissing}>
      <Stack spacing={2.5}>
        {urlError && (
          <Alert severity="error" aria-label="Reason">
            {urlError}
          </Alert>
        )}
        <Button component={RouterLink} to={ROUTES.forgotPassword} variant="contained" size="large" fullWidth>
          Request a new reset link
        </Button>
        <Link component={RouterLink} to={ROUTES.login} variant="body2" sx={{ textAlign: 'center' }}>
          Back to sign in
        </Link>
      </Stack>
    </AuthCard>
  );
}

function NewPasswordForm() {
  const notify = useNotify();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    const error = await updatePassword(password);
    setSaving(false);
    if (error) {
      notify({ title: AUTH_TEXT.passwordUpdateError, description: error.message, variant: 'destructive' });
      return;
    }
    notify(AUTH_TEXT.passwordUpdated);
    void navigate(ROUTES.dashboard, { replace: true });
  };

  return (
    <AuthCard title="Choose a new password" subtitle="Pick a password you have not used here before." icon={<KeyIcon />}>
      <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2.5} aria-label="New password">
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (attempted) setErrors(validateNewPassword(e.target.value, confirm));
          }}
          error={Boolean(errors.password)}
          helperText={errors.password ?? AUTH_TEXT.passwordHint}
          required
          fullWidth
          autoFocus
          disabled={saving}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            if (attempted) setErrors(validateNewPassword(password, e.target.value));
          }}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm}
          required
          fullWidth
          disabled={saving}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={saving}>
          Update password
        </Button>
      </Stack>
    </AuthCard>
  );
}
