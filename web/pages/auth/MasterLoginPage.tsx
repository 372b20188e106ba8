import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from '@/web/lib/navigation.tsx';
import { useSetAtom } from 'jotai';
import type { Session } from '@supabase/supabase-js';
import { Button, Stack, TextField } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { AUTH_TEXT, hasErrors, validateCredentials, type CredentialErrors } from '@/shared/core/auth.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { signInWithPassword } from '@/web/lib/auth.ts';
import { admitIfAdmin, createCredentialCheckClient } from '@/web/lib/masterLogin.ts';
import { authFlowBusyAtom } from '@/web/lib/sessionState.ts';
import { AuthCard } from './AuthCard.tsx';
import { PasswordField } from './PasswordField.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';

/**
 * /master-login (signs in for real and requires an admin role): checks
 * the credentials (and the TOTP code when the account has one) on a separate client, reads the
 * role from the database, and opens the admin dashboard for admin and master_admin only: their
 * session then becomes the app's. Anyone else gets 'Access Denied' and nothing in this browser
 * changes (no session, no sign-out clean-up). authFlowBusyAtom keeps the route guard from sending
 * the new admin to /dashboard before the navigation.
 */
export function MasterLoginPage() {
  const setBusy = useSetAtom(authFlowBusyAtom);
  const navigate = useNavigate();
  const notify = useNotify();
  const [checker, setChecker] = useState(createCredentialCheckClient);
  const [needsCode, setNeedsCode] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Leaving the page ends the flow, whatever state it was in.
  useEffect(() => () => setBusy(false), [setBusy]);

  const startOver = () => {
    setChecker(createCredentialCheckClient());
    setNeedsCode(false);
    setSubmitting(false);
    setPassword('');
  };

  const decide = async (session: Session) => {
    setBusy(true);
    const outcome = await admitIfAdmin(checker, session);
    if (outcome.admitted) {
      notify(AUTH_TEXT.signInSuccess);
      // busy stays on until this page unmounts: the admin route may still be loading, and the
      // guard must not send the user to /dashboard meanwhile.
      await navigate(ROUTES.adminDashboard, { replace: true });
      return;
    }
    setBusy(false);
    startOver();
    if (outcome.reason === 'notAdmin') notify({ ...AUTH_TEXT.accessDenied, variant: 'destructive' });
    else notify({ title: AUTH_TEXT.signInError, description: outcome.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const found = validateCredentials(email, password);
    setErrors(found);
    if (hasErrors(found)) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    const result = await signInWithPassword(email, password, checker);
    if ('error' in result) {
      setSubmitting(false);
      notify({ title: AUTH_TEXT.signInError, description: result.error.message, variant: 'destructive' });
      passwordRef.current?.focus();
      return;
    }
    if (result.needsCode) {
      setSubmitting(false);
      setNeedsCode(true);
      return;
    }
    await decide(result.session);
  };

  const afterCode = async () => {
    const { data } = await checker.auth.getSession();
    if (data.session) await decide(data.session);
    else startOver();
  };

  const switchAccount = async () => {
    await checker.auth.signOut({ scope: 'local' });
    startOver();
  };

  const back = (
    <Button component={RouterLink} to={ROUTES.adminAccess} startIcon={<ArrowBackIcon />} color="inherit">
      Back
    </Button>
  );

  if (needsCode) {
    return (
      <AuthCard title="Master Login" subtitle="Enter the code from your authenticator app." icon={<ShieldIcon />} footer={back}>
        <SecondFactorStep client={checker} onSwitchAccount={switchAccount} onVerified={afterCode} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Master Login"
      subtitle="Administrator sign-in. Your account needs an administrator role."
      icon={<ShieldIcon />}
      footer={back}
    >
      <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label="Master login">
        <TextField
          inputRef={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (attempted) setErrors(validateCredentials(e.target.value, password));
          }}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          fullWidth
          autoFocus
          disabled={submitting}
        />
        <PasswordField
          inputRef={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (attempted) setErrors(validateCredentials(email, e.target.value));
          }}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required
          fullWidth
          disabled={submitting}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting} sx={{ mt: 1 }}>
          Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}
