import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { authPathFor, ROUTES } from '../../../shared/core/routes.ts';
import { needsSecondFactor } from '../../../shared/core/session.ts';
import { readHandoffFragment } from '../../../shared/ext/handoff.ts';
import { supabase } from '../../lib/supabase.ts';

/**
 * /auth/handoff#token_hash=…&email=…&next=… — the extension opening the dashboard signed in as
 * its user. The token rides in the fragment (never sent to a server) and is removed from the
 * address bar at once; verifyOtp turns it into this browser tab's own session. An account with
 * two-factor authentication is then asked for its code by /auth, and comes back to `next`.
 */
export function HandoffPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; next: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handoff = readHandoffFragment(window.location.hash);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const next = handoff?.next ?? ROUTES.dashboard;
    if (!handoff) {
      setFailure({ message: 'This sign-in link is incomplete. Sign in with your e-mail and password instead.', next });
      return;
    }
    void (async () => {
      const { data } = await supabase.auth.getSession();
      const current = data.session;
      const sameUser = current && handoff.email && current.user.email?.toLowerCase() === handoff.email.toLowerCase();
      if (!sameUser || needsSecondFactor(current)) {
        const { error } = await supabase.auth.verifyOtp({ token_hash: handoff.tokenHash, type: 'magiclink' });
        if (error) {
          setFailure({ message: `${error.message.replace(/\.?$/, '.')} Sign-in links from the extension work once and expire after a few minutes.`, next });
          return;
        }
      }
      navigate(next, { replace: true });
    })();
  }, [navigate]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      {failure ? (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Could not sign you in
          </Typography>
          <Alert severity="error">{failure.message}</Alert>
          <Button component={RouterLink} to={authPathFor(failure.next)} variant="contained" sx={{ alignSelf: 'flex-start' }}>
            Sign in
          </Button>
        </Stack>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, textAlign: 'center' }} role="status">
          <CircularProgress aria-label="Signing you in" />
          <Typography variant="h6" component="h1">
            Signing you in…
          </Typography>
        </Box>
      )}
    </Container>
  );
}
