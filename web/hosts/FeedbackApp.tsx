import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { feedbackSignInUrl, mainSiteOrigin, readFeedbackToken, type FeedbackToken } from '@/shared/core/hosts.ts';
import { webConfig } from '../lib/config.ts';
import { sessionAtom, useAuthStatus } from '../lib/sessionState.ts';
import { supabase } from '../lib/supabase.ts';
import { AuthCard } from '../pages/auth/AuthCard.tsx';
import { SecondFactorStep } from '../pages/auth/SecondFactorStep.tsx';
import { HostFrame } from './HostFrame.tsx';

/** Where a signed-out visitor of this host signs in: the main site's /auth, which sends them back here signed in. */
export const feedbackLoginUrl = (): string =>
  feedbackSignInUrl(
    mainSiteOrigin(window.location.origin, webConfig.feedbackHostPrefix, webConfig.mainSiteUrl),
    `${window.location.origin}${window.location.pathname}${window.location.search}`,
  );

type Exchange = { state: 'none' } | { state: 'running'; token: FeedbackToken } | { state: 'failed'; message: string };

/**
 * The feedback host: the external feedback site in a full-page frame, only
 * when signed in; otherwise the visitor is sent to the main site's login. Sessions are per
 * origin, so the main site sends a signed-in visitor back with a one-time token in the fragment
 * (shared/core/hosts.ts), exchanged here for this host's own session; an account with
 * two-factor authentication then enters its code here.
 */
export function FeedbackApp() {
  const status = useAuthStatus();
  const session = useAtomValue(sessionAtom);
  const [exchange, setExchange] = useState<Exchange>(() => {
    const token = readFeedbackToken(window.location.hash);
    return token ? { state: 'running', token } : { state: 'none' };
  });
  const started = useRef(false);

  // The token leaves the address bar (and the history) at once.
  useEffect(() => {
    if (exchange.state === 'running')
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [exchange.state]);

  useEffect(() => {
    if (exchange.state !== 'running' || status === 'loading' || started.current) return;
    started.current = true;
    const { token } = exchange;
    void (async () => {
      const sameUser = Boolean(session && token.email && session.user.email?.toLowerCase() === token.email.toLowerCase());
      if (!sameUser) {
        const { error } = await supabase.auth.verifyOtp({ token_hash: token.tokenHash, type: 'magiclink' });
        if (error) {
          setExchange({
            state: 'failed',
            message: `${error.message.replace(/\.?$/, '.')} Sign-in links work once and expire after a few minutes.`,
          });
          return;
        }
      }
      setExchange({ state: 'none' });
    })();
  }, [exchange, status, session]);

  const redirecting = status === 'signedOut' && exchange.state === 'none';
  useEffect(() => {
    if (redirecting) window.location.replace(feedbackLoginUrl());
  }, [redirecting]);

  if (exchange.state === 'failed') {
    return (
      <AuthCard title="Could not sign you in" icon={<ShieldIcon />}>
        <Stack spacing={2}>
          <Alert severity="error">{exchange.message}</Alert>
          <Button variant="contained" href={feedbackLoginUrl()}>
            Sign in again
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (exchange.state === 'none' && status === 'signedIn') return <HostFrame title="Provide Feedback" src={webConfig.feedbackUrl} />;
  if (exchange.state === 'none' && status === 'needsSecondFactor') {
    return (
      <AuthCard
        title="Two-Factor Authentication"
        subtitle="Enter the code from your authenticator app to open the feedback site."
        icon={<ShieldIcon />}
      >
        <SecondFactorStep />
      </AuthCard>
    );
  }
  const label = exchange.state === 'running' ? 'Signing you in' : redirecting ? 'Redirecting to sign in' : 'Loading';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}>
      <CircularProgress aria-label={label} />
      <Typography component="h1" variant="body1" color="text.secondary">
        {label}…
      </Typography>
    </Box>
  );
}
