import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { ROUTES, workspacePath } from '@/shared/core/routes.ts';
import { seatsLeft, TEAM_BENEFITS, TEAM_PAGE_TEXTS, TEAM_TEXTS, type TeamRole } from '@/shared/core/teams.ts';
import type { MyTeam, TeamMember } from '@/shared/data/teams.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { useTeamMutations } from '@/web/queries/teams.ts';
import { PendingInvitations, TeamMembersList } from './TeamMembersList.tsx';
import { TeamInviteForm } from './TeamInviteForm.tsx';
import { useMyTeam, useTeamLists } from './useTeam.ts';

/**
 * /settings/team: the team of a Team subscriber (created on the first visit) — its name, members and
 * their roles, invitations by e-mail, the workspaces shared with it; a member sees the team and may
 * leave; anyone else sees what Team gives and the way to Billing.
 */
export function TeamSettingsPage() {
  const user = useUser();
  const { plan, team } = useMyTeam(user?.id ?? '', { create: true });
  const body =
    team.isPending || plan.isPending ? (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
        <CircularProgress size={24} aria-hidden /> {TEAM_PAGE_TEXTS.loading}
      </Box>
    ) : team.isError || plan.isError ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void Promise.all([team.refetch(), plan.refetch()])}>
            Try again
          </Button>
        }
      >
        {errorMessage(team.error ?? plan.error)}
      </Alert>
    ) : team.data ? (
      <TeamView mine={team.data} userId={user?.id ?? ''} ownerEmail={user?.email ?? ''} />
    ) : (
      <TeamUpsell />
    );
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title="Team" subtitle={TEAM_PAGE_TEXTS.subtitle} />
      {body}
    </Container>
  );
}

function TeamUpsell() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {TEAM_PAGE_TEXTS.upsellTitle}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {TEAM_PAGE_TEXTS.upsellIntro}
        </Typography>
        <List dense>
          {TEAM_BENEFITS.map((benefit) => (
            <ListItem key={benefit} disableGutters>
              <CheckIcon fontSize="small" color="success" sx={{ mr: 1 }} aria-hidden />
              <ListItemText primary={benefit} />
            </ListItem>
          ))}
        </List>
        <Button component={RouterLink} to={ROUTES.billing} variant="contained">
          {TEAM_PAGE_TEXTS.toBilling}
        </Button>
      </CardContent>
    </Card>
  );
}

function TeamView({ mine, userId, ownerEmail }: { mine: MyTeam; userId: string; ownerEmail: string }) {
  const notify = useNotify();
  const isOwner = mine.role === 'owner';
  const lists = useTeamLists(mine.team.id, isOwner);
  const actions = useTeamMutations(mine.team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const members = lists.members.data ?? [];
  const invitations = lists.invitations.data ?? [];
  const openInvitations = invitations.filter((i) => new Date(i.expiresAt).getTime() > Date.now()).length;
  const shown = (result: { error: { message: string } | null }, done: string) =>
    result.error ? notify({ title: 'Not changed', description: result.error.message, variant: 'destructive' }) : notify({ title: done });

  const changeRole = async (member: TeamMember, role: TeamRole) =>
    shown(await actions.setRole.mutateAsync({ userId: member.userId, role }), TEAM_TEXTS.roleChanged(member.email, role));
  const remove = async (member: TeamMember) => {
    setRemoving(null);
    shown(await actions.remove.mutateAsync(member.userId), member.userId === userId ? TEAM_TEXTS.left : TEAM_TEXTS.removed(member.email));
  };

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          {isOwner ? (
            <TeamNameField
              name={mine.team.name}
              saving={actions.rename.isPending}
              onSave={async (name) => shown(await actions.rename.mutateAsync(name), TEAM_TEXTS.renamed)}
            />
          ) : (
            <>
              <Typography variant="h6" component="h2">
                {mine.team.name}
              </Typography>
              <Typography color="text.secondary">{TEAM_PAGE_TEXTS.memberOf(mine.role === 'editor' ? 'editor' : 'view_only')}</Typography>
            </>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="team-members-title">
        <CardContent>
          <Typography id="team-members-title" variant="h6" component="h2">
            Members ({members.length + 1} of 5)
          </Typography>
          {lists.members.isPending ? (
            <CircularProgress size={24} aria-label="Loading members" />
          ) : lists.members.isError ? (
            <Alert severity="error">{errorMessage(lists.members.error)}</Alert>
          ) : (
            <TeamMembersList
              ownerLabel={isOwner ? `${ownerEmail} (you)` : 'The team’s owner'}
              members={members}
              userId={userId}
              editable={isOwner}
              onRole={(member, role) => void changeRole(member, role)}
              onRemove={setRemoving}
            />
          )}
          {!isOwner && (
            <Button color="error" variant="outlined" sx={{ mt: 2 }} onClick={() => setLeaving(true)}>
              Leave the team
            </Button>
          )}
        </CardContent>
      </Card>

      {isOwner && (
        <Card variant="outlined" component="section" aria-labelledby="team-invite-title">
          <CardContent>
            <Stack spacing={3}>
              <TeamInviteForm
                seatsLeft={seatsLeft(members.length, openInvitations)}
                onInvite={(input) => actions.invite.mutateAsync(input)}
                sending={actions.invite.isPending}
              />
              <Box>
                <Typography variant="h6" component="h2" gutterBottom>
                  Pending invitations
                </Typography>
                {lists.invitations.isError ? (
                  <Alert severity="error">{errorMessage(lists.invitations.error)}</Alert>
                ) : (
                  <PendingInvitations
                    invitations={invitations}
                    onRevoke={(invitation) =>
                      void actions.revoke.mutateAsync(invitation.id).then((r) => shown(r, TEAM_TEXTS.revoked(invitation.email)))
                    }
                  />
                )}
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}

      <Card variant="outlined" component="section" aria-labelledby="team-workspaces-title">
        <CardContent>
          <Typography id="team-workspaces-title" variant="h6" component="h2" gutterBottom>
            Team workspaces
          </Typography>
          {(lists.workspaces.data ?? []).length === 0 ? (
            <Typography color="text.secondary">
              {isOwner ? TEAM_PAGE_TEXTS.noWorkspacesOwner : TEAM_PAGE_TEXTS.noWorkspacesMember}
            </Typography>
          ) : (
            <List disablePadding>
              {(lists.workspaces.data ?? []).map((w) => (
                <ListItem key={w.id} disableGutters>
                  <Link component={RouterLink} to={workspacePath(w.id)}>
                    {w.name}
                  </Link>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>

      <Dialog open={!!removing || leaving} onClose={() => (setRemoving(null), setLeaving(false))}>
        <DialogTitle>{leaving ? TEAM_PAGE_TEXTS.leaveQuestion : `Remove ${removing?.email ?? ''}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>{leaving ? TEAM_PAGE_TEXTS.leaveEffect : TEAM_PAGE_TEXTS.removeEffect}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => (setRemoving(null), setLeaving(false))}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (leaving) {
                setLeaving(false);
                void remove({ userId, email: '', role: 'view_only', joinedAt: '' });
              } else if (removing) void remove(removing);
            }}
          >
            {leaving ? 'Leave' : 'Remove'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The owner's team name; `saving` while the rename mutation runs. */
function TeamNameField({ name, saving, onSave }: { name: string; saving: boolean; onSave: (name: string) => Promise<void> }) {
  const [value, setValue] = useState(name);
  const problem = value.trim().length === 0 || value.trim().length > 100 ? TEAM_TEXTS.invalidName : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (problem) return;
        void onSave(value);
      }}
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        label="Team name"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!problem}
        helperText={problem ?? ' '}
        sx={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="outlined" disabled={saving || !!problem || value.trim() === name} sx={{ mt: 1 }}>
        Save name
      </Button>
    </Box>
  );
}
