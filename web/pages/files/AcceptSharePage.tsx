import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { ROUTES, workspacePath } from '@/shared/core/routes.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { useFragmentToken } from '@/web/lib/useFragmentToken.ts';
import { useAcceptShareMutation } from '@/web/queries/shares.ts';

/**
 * /shared/accept#token=… — the link of a share invitation. The token rides in the fragment (never
 * sent to a server) and leaves the address bar at once. Accepting binds the share to the account
 * signed in here (so the user is told which one), and opens what was shared.
 */
export function AcceptSharePage() {
  const navigate = useNavigate();
  const user = useUser();
  const { token, ready } = useFragmentToken();
  const { mutateAsync: acceptShare, isPending: busy } = useAcceptShareMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const accept = async () => {
    try {
      const accepted = await acceptShare(token);
      void navigate(accepted.workspaceId ? workspacePath(accepted.workspaceId) : ROUTES.fileManager, { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const email = user?.email ?? 'this account';
  const missing = ready && !token;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Stack spacing={2} component="section" aria-labelledby="accept-title">
        <Typography id="accept-title" variant="h4" component="h1">
          Shared with you
        </Typography>
        {missing ? (
          <Alert severity="warning">This invitation link is incomplete. Open it again from the e-mail you received.</Alert>
        ) : (
          <Typography>
            Someone shared a workspace or document with you, read-only. Accept the invitation as <strong>{email}</strong>? It will be added
            to your File Manager; you can remove it from your list at any time.
          </Typography>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {!missing && !problem && (
            <Button variant="contained" onClick={() => void accept()} disabled={busy || !ready}>
              {busy ? 'Accepting…' : 'Accept invitation'}
            </Button>
          )}
          <Button component={RouterLink} to={ROUTES.fileManager}>
            Go to the File Manager
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
