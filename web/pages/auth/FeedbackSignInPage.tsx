import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { FEEDBACK_RETURN_PARAM, feedbackHostOrigin, feedbackTokenUrl, safeFeedbackReturn } from '@/shared/core/hosts.ts';
import { authPathFor, ROUTES } from '@/shared/core/routes.ts';
import { webConfig } from '@/web/lib/config.ts';
import { useAuthStatus } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** Where this site may send visitors back to: the configured feedback host only (no open redirect). */
const feedbackReturnFrom = (search: string): string | null =>
  safeFeedbackReturn(
    new URLSearchParams(search).get(FEEDBACK_RETURN_PARAM),
    feedbackHostOrigin(window.location.origin, webConfig.feedbackHostPrefix, webConfig.feedbackHostUrl),
  );

/**
 * /auth/feedback?return_to=… on the main site: the feedback host's way back after signing in
 * here. A signed-out visitor signs in first (/auth comes back here); then a one-time token for
 * the signed-in user from session-handoff goes back to the feedback host in the URL fragment,
 * where it becomes that host's own session (web/hosts/FeedbackApp.tsx).
 */
export function FeedbackSignInPage() {
  const status = useAuthStatus();
  const location = useLocation();
  const [returnTo] = useState(() => feedbackReturnFrom(location.search));
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const sendBack = useCallback(async (to: string) => {
    const { data, error } = await supabase.functions.invoke<{ token_hash?: string; email?: string }>('session-handoff', { method: 'POST' });
    if (error || !data?.token_hash) {
      setFailure(error?.message ?? 'No sign-in token was returned.');
      return;
    }
    window.location.replace(feedbackTokenUrl(to, { tokenHash: data.token_hash, email: data.email ?? null }));
  }, []);

  useEffect(() => {
    if (status === 'signedIn' && returnTo) void sendBack(returnTo);
  }, [status, returnTo, sendBack, attempt]);

  if (status === 'loading') return <Waiting label="Loading" />;
  if (!returnTo) {
    return (
      <Problem message="This link does not lead back to the feedback site.">
        <Button component={RouterLink} to={ROUTES.landing} variant="contained">
          Go to the home page
        </Button>
      </Problem>
    );
  }
  if (status !== 'signedIn') return <Navigate to={authPathFor(`${location.pathname}${location.search}`)} replace />;
  if (failure) {
    return (
      <Problem message={`Could not sign you in to the feedback site: ${failure}`}>
        <Button
          variant="contained"
          onClick={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </Problem>
    );
  }
  return <Waiting label="Taking you back to the feedback site" />;
}

function Waiting({ label }: { label: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, textAlign: 'center' }} role="status">
        <CircularProgress aria-label={label} />
        <Typography variant="h6" component="h1">
          {label}…
        </Typography>
      </Box>
    </Container>
  );
}

function Problem({ message, children }: { message: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1">
          Feedback site sign-in
        </Typography>
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {message}
        </Alert>
        {children}
      </Stack>
    </Container>
  );
}
