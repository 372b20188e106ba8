import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { useFragmentToken } from '@/web/lib/useFragmentToken.ts';
import { useAcceptTeamInvitationMutation } from '@/web/queries/teams.ts';

/**
 * /team/accept#token=… — the link of a team invitation. The token rides in the fragment (never
 * sent to a server) and leaves the address bar at once. Accepting makes the account signed in here
 * a member (so the user is told which one), then opens the team page.
 */
export function AcceptTeamInvitePage() {
  const navigate = useNavigate();
  const user = useUser();
  const { token, ready } = useFragmentToken();
  const { mutateAsync: acceptInvitation, isPending: busy } = useAcceptTeamInvitationMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const accept = async () => {
    const joined = await acceptInvitation(token).then(
      () => true,
      (error: Error) => {
        setProblem(error.message);
        return false;
      },
    );
    if (joined) void navigate(ROUTES.teamSettings, { replace: true });
  };

  const missing = ready && !token;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Stack spacing={2} component="section" aria-labelledby="team-accept-title">
        <Typography id="team-accept-title" variant="h4" component="h1">
          Join a team
        </Typography>
        {missing ? (
          <Alert severity="warning">This invitation link is incomplete. Open it again from the e-mail you received.</Alert>
        ) : (
          <Typography>
            You were invited to a team on AI Vault. Join it as <strong>{user?.email ?? 'this account'}</strong>? You will see the team’s
            workspaces, and you can leave the team at any time.
          </Typography>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {!missing && !problem && (
            <Button variant="contained" onClick={() => void accept()} disabled={busy || !ready}>
              {busy ? 'Joining…' : 'Join the team'}
            </Button>
          )}
          <Button component={RouterLink} to={ROUTES.dashboard}>
            Go to the dashboard
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
