import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { TEAM_ROLE_LABELS } from '@/shared/core/teams.ts';
import { acceptTeamInvitation } from '@/shared/data/teams.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { useFragmentToken } from '@/web/lib/useFragmentToken.ts';

/**
 * /team/accept#token=… — the link of a team invitation. The token rides in the fragment (never
 * sent to a server) and leaves the address bar at once. Accepting makes the account signed in here
 * a member (so the user is told which one), then opens the team page.
 */
export function AcceptTeamInvitePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useUser();
  const { token, ready } = useFragmentToken();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    const result = await acceptTeamInvitation(supabase, token);
    setBusy(false);
    if (result.error) return setProblem(result.error.message);
    await queryClient.invalidateQueries({ queryKey: queryKeys.teams.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.plan.all });
    notify({
      title: `You joined ${result.data.teamName}`,
      description: `Your role: ${TEAM_ROLE_LABELS[result.data.role].toLowerCase()}. The team’s workspaces are listed on the team page.`,
    });
    void navigate(ROUTES.teamSettings, { replace: true });
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
