import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from '@/web/lib/navigation.tsx';
import { Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import {
  AUTH_TEXT,
  authErrorFromUrl,
  authModeFrom,
  hasErrors,
  validateCredentials,
  type AuthMode,
  type CredentialErrors,
} from '@/shared/core/auth.ts';
import { ROUTES, safeNextPath } from '@/shared/core/routes.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { signInWithPassword, signUpWithPassword, startGoogleSignIn, warmAuthClient } from '@/web/lib/auth.ts';
import { OAUTH_PENDING_KEY, useAuthStatus } from '@/web/lib/sessionState.ts';
import { useHydrated } from '@/web/lib/useHydrated.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormField } from './FormField.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasswordField } from './PasswordField.tsx';

// The code step signs out on "use another account": the session layer with supabase-js loads with it, not with the form.
// The "check your inbox" dialog shows only after a sign-up: its code (MUI's Dialog) loads then.
const loadSentDialog = () => import('./SignUpSentDialog.tsx');
const SignUpSentDialog = lazy(async () => ({ default: (await loadSentDialog()).SignUpSentDialog }));
const SecondFactorStep = lazy(async () => ({ default: (await import('./SecondFactorStep.tsx')).SecondFactorStep }));

/**
 * /auth: Google, or e-mail and password in sign-up (default) or sign-in mode
 * (?mode=signin). A signed-in visitor is moved on by the route guard (to ?next or /dashboard); a
 * user with an authenticator app gets the code step first.
 */
export function AuthPage() {
  const status = useAuthStatus();
  if (status === 'needsSecondFactor') return <SecondFactorCard />;
  return <CredentialsCard />;
}

function SecondFactorCard() {
  const notify = useNotify();
  return (
    <AuthCard title="Two-Factor Authentication" subtitle="One more step to sign in." icon={<PhonelinkLockIcon />}>
      <Suspense fallback={null}>
        <SecondFactorStep onVerified={() => notify(AUTH_TEXT.signInSuccess)} />
      </Suspense>
    </AuthCard>
  );
}

function CredentialsCard() {
  const hydrated = useHydrated();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = authModeFrom(location.search);
  const next = safeNextPath(params.get('next'));
  const signUp = mode === 'signUp';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Mounted from the first sign-up on, so the dialog closes with its transition.
  const [sentOnce, setSentOnce] = useState(false);
  if (sentTo !== null && !sentOnce) setSentOnce(true);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // An error an auth redirect brought back (Google, or an expired confirmation link).
  useEffect(() => {
    const message = authErrorFromUrl(location.search, location.hash);
    if (!message) return;
    const fromGoogle = window.sessionStorage.getItem(OAUTH_PENDING_KEY) !== null;
    window.sessionStorage.removeItem(OAUTH_PENDING_KEY);
    notify({ title: fromGoogle ? AUTH_TEXT.googleError : AUTH_TEXT.signInError, description: message, variant: 'destructive' });
    // Drop the error from the address so a reload does not repeat it.
    const clean = new URLSearchParams(location.search);
    for (const key of ['error', 'error_code', 'error_description']) clean.delete(key);
    if (next) clean.set('next', new URL(next, window.location.origin).pathname);
    void navigate({ pathname: location.pathname, search: clean.toString() ? `?${clean.toString()}` : '' }, { replace: true });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setMode = (nextMode: AuthMode) => {
    const updated = new URLSearchParams(params);
    if (nextMode === 'signIn') updated.set('mode', 'signin');
    else updated.delete('mode');
    setParams(updated, { replace: true });
    setErrors({});
    setAttempted(false);
  };

  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (attempted) setErrors(validateCredentials(nextEmail, nextPassword));
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
    if (signUp) {
      void loadSentDialog();
      const result = await signUpWithPassword(email, password);
      setSubmitting(false);
      if ('error' in result) {
        notify({ title: AUTH_TEXT.signUpError, description: result.error.message, variant: 'destructive' });
        return;
      }
      if (result.confirmed) {
        // Signed in at once: the route guard moves on to ?next or /dashboard.
        notify(AUTH_TEXT.signUpSignedIn);
        return;
      }
      notify(AUTH_TEXT.signUpCheckEmail);
      setSentTo(email.trim());
      setEmail('');
      setPassword('');
      setAttempted(false);
      return;
    }
    const result = await signInWithPassword(email, password);
    setSubmitting(false);
    if ('error' in result) {
      notify({ title: AUTH_TEXT.signInError, description: result.error.message, variant: 'destructive' });
      passwordRef.current?.focus();
      return;
    }
    // With an authenticator app the page turns into the code step; otherwise the guard moves on.
    if (!result.needsCode) notify(AUTH_TEXT.signInSuccess);
  };

  const google = async () => {
    setGoogleBusy(true);
    const result = await startGoogleSignIn(next);
    if (result.ok) return; // leaving for Google
    setGoogleBusy(false);
    const description =
      result.reason === 'notEnabled'
        ? AUTH_TEXT.googleNotEnabled
        : result.reason === 'unreachable'
          ? AUTH_TEXT.googleUnreachable
          : (result.message ?? 'Google sign-in could not start.');
    notify({ title: AUTH_TEXT.googleError, description, variant: 'destructive' });
  };

  const busy = submitting || googleBusy;

  return (
    <>
      <AuthCard
        title={signUp ? AUTH_TEXT.signUpTitle : AUTH_TEXT.signInTitle}
        subtitle={signUp ? 'Start using your AI toolkit in a minute.' : 'Sign in to continue to your dashboard.'}
        icon={<LockIcon />}
        footer={
          <Typography variant="body2" color="text.secondary">
            Administrator?{' '}
            <Link component={RouterLink} to={ROUTES.adminAccess}>
              Admin access
            </Link>
          </Typography>
        }
      >
        <Stack spacing={2.5}>
          <GoogleButton loading={googleBusy} disabled={submitting} onClick={() => void google()} />
          <Divider>
            <Typography variant="body2" color="text.secondary">
              or with e-mail
            </Typography>
          </Divider>
          <Stack
            component="form"
            noValidate
            onSubmit={(e) => void submit(e)}
            onFocus={warmAuthClient}
            onPointerEnter={warmAuthClient}
            spacing={2}
            aria-label={signUp ? 'Sign up' : 'Sign in'}
          >
            <FormField
              inputRef={emailRef}
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                revalidate(e.target.value, password);
              }}
              error={Boolean(errors.email)}
              helperText={errors.email}
              required
              fullWidth
              disabled={submitting || !hydrated}
            />
            <Box>
              <PasswordField
                inputRef={passwordRef}
                label="Password"
                name="password"
                autoComplete={signUp ? 'new-password' : 'current-password'}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  revalidate(email, e.target.value);
                }}
                error={Boolean(errors.password)}
                helperText={errors.password ?? (signUp ? AUTH_TEXT.passwordHint : undefined)}
                required
                fullWidth
                disabled={submitting || !hydrated}
              />
              {!signUp && (
                <Box sx={{ textAlign: 'right', mt: 0.75 }}>
                  <Link component={RouterLink} to={ROUTES.forgotPassword} variant="body2">
                    Forgot password?
                  </Link>
                </Box>
              )}
            </Box>
            <Button type="submit" variant="contained" size="large" fullWidth loading={submitting} disabled={busy || !hydrated}>
              {signUp ? 'Sign Up' : 'Sign In'}
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {signUp ? 'Already have an account?' : "Don't have an account?"}{' '}
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => setMode(signUp ? 'signIn' : 'signUp')}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
            >
              {signUp ? 'Sign in' : 'Sign up'}
            </Link>
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', display: 'block' }}>
            By continuing you agree to our{' '}
            <Link component={RouterLink} to={ROUTES.terms}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link component={RouterLink} to={ROUTES.privacy}>
              Privacy Policy
            </Link>
            .
          </Typography>
        </Stack>
      </AuthCard>

      {sentOnce ? (
        <Suspense fallback={null}>
          <SignUpSentDialog sentTo={sentTo} close={() => setSentTo(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
