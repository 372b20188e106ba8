import { useEffect } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { mainSiteLoginUrl } from '../../shared/core/hosts.ts';
import { webConfig } from '../lib/config.ts';
import { useAuthStatus } from '../lib/session.tsx';
import { HostFrame } from './HostFrame.tsx';

/** Where a signed-out visitor of this host signs in: the main site's /auth. */
export const feedbackLoginUrl = (): string =>
  mainSiteLoginUrl(window.location.origin, webConfig.feedbackHostPrefix, import.meta.env.VITE_MAIN_SITE_URL);

/**
 * The feedback host (spec §2.1, §2.10): the external feedback site in a full-page frame, only
 * when signed in; otherwise the visitor is sent to the main site's login.
 */
export function FeedbackApp() {
  const status = useAuthStatus();
  const signedIn = status === 'signedIn';
  const redirecting = status === 'signedOut' || status === 'needsSecondFactor';

  useEffect(() => {
    if (redirecting) window.location.replace(feedbackLoginUrl());
  }, [redirecting]);

  if (signedIn) return <HostFrame title="Provide Feedback" src={webConfig.feedbackUrl} />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}>
      <CircularProgress aria-label={redirecting ? 'Redirecting to sign in' : 'Loading'} />
      <Typography component="h1" variant="body1" color="text.secondary">
        {redirecting ? 'Redirecting to sign in…' : 'Loading…'}
      </Typography>
    </Box>
  );
}
