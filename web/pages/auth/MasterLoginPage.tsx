import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Button, Stack, TextField } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { AUTH_TEXT, hasErrors, validateCredentials, type CredentialErrors } from '../../../shared/core/auth.ts';
import { ROUTES } from '../../../shared/core/routes.ts';
import { useNotify } from '../../../shared/ui/notices.tsx';
import { signInWithPassword } from '../../lib/auth.ts';
import { authFlowBusyAtom, fetchProfile, isAdminRole, signOut, useAuthStatus } from '../../lib/session.tsx';
import { supabase } from '../../lib/supabase.ts';
import { AuthCard } from './AuthCard.tsx';
import { PasswordField } from './PasswordField.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';

/**
 * /master-login (spec §2.5; DESIGN: "Master login signs in and requires an admin role"): signs in
 * (with the TOTP step when the account has one), reads the role from the database, and opens the
 * admin dashboard for admin and master_admin. Anyone else is signed out again: 'Access Denied'.
 * authFlowBusyAtom keeps the route guard from moving the user on before the role is checked.
 */
export function MasterLoginPage() {
  const status = useAuthStatus();
  const setBusy = useSetAtom(authFlowBusyAtom);
  const navigate = useNavigate();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Leaving the page ends the flow, whatever state it was in.
  useEffect(() => () => setBusy(false), [setBusy]);

  const requireAdmin = async (userId: string) => {
    const profile = await fetchProfile(userId);
    if (isAdminRole(profile?.role)) {
      notify(AUTH_TEXT.signInSuccess);
      // busy stays on until this page unmounts: the admin route may still be loading, and the
      // guard must not send the user to /dashboard meanwhile.
      await navigate(ROUTES.adminDashboard, { replace: true });
      return;
    }
    await signOut();
    setBusy(false);
    setSubmitting(false);
    setPassword('');
    notify({ ...AUTH_TEXT.accessDenied, variant: 'destructive' });
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
    setBusy(true);
    const result = await signInWithPassword(email, password);
    if ('error' in result) {
      setBusy(false);
      setSubmitting(false);
      notify({ title: AUTH_TEXT.signInError, description: result.error.message, variant: 'destructive' });
      passwordRef.current?.focus();
      return;
    }
    if (result.needsCode) {
      setSubmitting(false);
      return; // the page turns into the code step (status needsSecondFactor); busy stays on
    }
    await requireAdmin(result.session.user.id);
  };

  const afterCode = async () => {
    const { data } = await supabase.auth.getSession();
    if (data.session) await requireAdmin(data.session.user.id);
    else setBusy(false);
  };

  const back = (
    <Button component={RouterLink} to={ROUTES.adminAccess} startIcon={<ArrowBackIcon />} color="inherit">
      Back
    </Button>
  );

  if (status === 'needsSecondFactor') {
    return (
      <AuthCard title="Master Login" subtitle="Enter the code from your authenticator app." icon={<ShieldIcon />} footer={back}>
        <SecondFactorStep onBeforeVerify={() => setBusy(true)} onVerified={afterCode} />
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
