import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { authPathFor, ROUTES } from '@/shared/core/routes.ts';
import { planHandoff, readHandoffFragment, type HandoffFragment } from '@/shared/core/handoff.ts';
import { verifyHandoffToken } from '@/web/lib/handoff.ts';
import { createIsolatedAuthClient, supabase } from '@/web/lib/supabase.ts';

/**
 * /auth/handoff#token_hash=…&email=…&next=… — the extension opening the dashboard signed in as
 * its user. The token rides in the fragment (never sent to a server) and is removed from the
 * address bar at once; verifyOtp turns it into this browser tab's own session. When another
 * account is signed in here, the user is asked first (a link made for someone else's account must
 * not switch them silently); the token is verified only after they choose to switch. An account
 * with two-factor authentication is then asked for its code by /auth, and comes back to `next`.
 */

type View =
  | { kind: 'working' }
  | { kind: 'ask'; currentEmail: string; handoff: HandoffFragment; next: string }
  | { kind: 'failure'; message: string; next: string; stillSignedIn: boolean };

const LINK_HELP = 'Sign-in links from the extension work once and expire after a few minutes.';

export function HandoffPage() {
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handoff = readHandoffFragment(window.location.hash);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const next = handoff?.next ?? ROUTES.dashboard;
    if (!handoff) {
      setView({
        kind: 'failure',
        message: 'This sign-in link is incomplete. Sign in with your e-mail and password instead.',
        next,
        stillSignedIn: false,
      });
      return;
    }
    void (async () => {
      const { data } = await supabase.auth.getSession();
      const current = data.session ? { email: data.session.user.email ?? null } : null;
      const plan = planHandoff(current, handoff);
      if (plan === 'alreadySignedIn') return navigate(next, { replace: true });
      if (plan === 'askToSwitch') return setView({ kind: 'ask', currentEmail: current?.email ?? '', handoff, next });
      const { error } = await supabase.auth.verifyOtp({ token_hash: handoff.tokenHash, type: 'magiclink' });
      if (error)
        return setView({ kind: 'failure', message: `${error.message.replace(/\.?$/, '.')} ${LINK_HELP}`, next, stillSignedIn: false });
      void navigate(next, { replace: true });
    })();
  }, [navigate]);

  const switchAccount = async (handoff: HandoffFragment, next: string) => {
    setView({ kind: 'working' });
    const checked = await verifyHandoffToken(createIsolatedAuthClient('ai-vault-handoff-check'), handoff);
    if (!checked.ok) {
      setView({
        kind: 'failure',
        message: `${checked.message.replace(/\.?$/, '.')} ${LINK_HELP} You are still signed in as before.`,
        next,
        stillSignedIn: true,
      });
      return;
    }
    const { access_token, refresh_token } = checked.session;
    const { error } = await supabase.auth.setSession({ access_token, refresh_token });
    if (error) return setView({ kind: 'failure', message: error.message, next, stillSignedIn: false });
    void navigate(next, { replace: true });
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      {view.kind === 'ask' && (
        <SwitchQuestion
          currentEmail={view.currentEmail}
          linkEmail={view.handoff.email}
          onStay={() => void navigate(view.next, { replace: true })}
          onSwitch={() => void switchAccount(view.handoff, view.next)}
        />
      )}
      {view.kind === 'failure' && (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Could not sign you in
          </Typography>
          <Alert severity="error">{view.message}</Alert>
          {view.stillSignedIn ? (
            <Button component={RouterLink} to={ROUTES.dashboard} replace variant="contained" sx={{ alignSelf: 'flex-start' }}>
              Go to the dashboard
            </Button>
          ) : (
            <Button component={RouterLink} to={authPathFor(view.next)} variant="contained" sx={{ alignSelf: 'flex-start' }}>
              Sign in
            </Button>
          )}
        </Stack>
      )}
      {view.kind === 'working' && (
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

interface SwitchQuestionProps {
  currentEmail: string;
  /** The account the link names (null: it names none). */
  linkEmail: string | null;
  onStay: () => void;
  onSwitch: () => void;
}

/** "Switch accounts?" with both accounts named; staying is the default. */
function SwitchQuestion({ currentEmail, linkEmail, onStay, onSwitch }: SwitchQuestionProps) {
  const row = (label: string, value: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack spacing={2.5} component="section" aria-labelledby="handoff-switch-title">
      <Typography id="handoff-switch-title" variant="h5" component="h1">
        Switch accounts?
      </Typography>
      <Typography variant="body1">The extension opened this page for another account than the one signed in here.</Typography>
      <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
        {row('Signed in here', currentEmail || 'An account without an e-mail address')}
        {row('This link signs in', linkEmail ?? 'An account the link does not name')}
      </Stack>
      <Alert severity="warning">Switch only if you opened this link yourself, from the AI Vault extension.</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" onClick={onStay}>
          Stay signed in
        </Button>
        <Button variant="outlined" onClick={onSwitch}>
          Switch account
        </Button>
      </Stack>
    </Stack>
  );
}
