import { Box, Button, Chip, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@/shared/core/teams.ts';
import type { TeamInvitation, TeamMember } from '@/shared/data/teams.ts';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The owner, then the members; the owner may change each member's role or remove them. */
export function TeamMembersList(props: {
  ownerLabel: string;
  members: TeamMember[];
  /** The signed-in user, marked "(you)" in the list. */
  userId: string;
  editable: boolean;
  onRole: (member: TeamMember, role: TeamRole) => void;
  onRemove: (member: TeamMember) => void;
}) {
  return (
    <List aria-label="Team members" disablePadding>
      <ListItem divider sx={{ px: 0 }}>
        <ListItemText primary={props.ownerLabel} secondary="Owner" slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }} />
      </ListItem>
      {props.members.map((member) => (
        <ListItem key={member.userId} divider sx={{ px: 0, gap: 1.5, flexWrap: 'wrap' }}>
          <ListItemText
            primary={member.userId === props.userId ? `${member.email} (you)` : member.email}
            secondary={`Joined ${formatDate(member.joinedAt)}`}
            sx={{ flex: '1 1 200px' }}
            slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
          />
          {props.editable ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={`Role of ${member.email}`}
                value={member.role}
                onChange={(e) => props.onRole(member, e.target.value as TeamRole)}
                sx={{ width: 150, '& .MuiInputLabel-root': { display: 'none' }, '& legend': { width: 0 } }}
              >
                {TEAM_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {TEAM_ROLE_LABELS[r]}
                  </MenuItem>
                ))}
              </TextField>
              <Button color="error" onClick={() => props.onRemove(member)} aria-label={`Remove ${member.email}`}>
                Remove
              </Button>
            </Box>
          ) : (
            <Chip size="small" label={TEAM_ROLE_LABELS[member.role]} />
          )}
        </ListItem>
      ))}
      {props.members.length === 0 && (
        <ListItem sx={{ px: 0 }}>
          <Typography color="text.secondary">
            {props.editable ? 'No members yet. Invite up to four people below.' : 'No other members yet.'}
          </Typography>
        </ListItem>
      )}
    </List>
  );
}

/** Invitations not accepted yet; the owner revokes them. */
export function PendingInvitations(props: { invitations: TeamInvitation[]; onRevoke: (invitation: TeamInvitation) => void }) {
  if (props.invitations.length === 0) return <Typography color="text.secondary">No invitations waiting.</Typography>;
  return (
    <List aria-label="Pending invitations" disablePadding>
      {props.invitations.map((invitation) => {
        const expired = new Date(invitation.expiresAt).getTime() < Date.now();
        return (
          <ListItem key={invitation.id} divider sx={{ px: 0, gap: 1.5, flexWrap: 'wrap' }}>
            <ListItemText
              primary={invitation.email}
              secondary={`${TEAM_ROLE_LABELS[invitation.role]} · ${expired ? 'expired' : `invited ${formatDate(invitation.invitedAt)}`}`}
              sx={{ flex: '1 1 200px' }}
              slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
            />
            <Button onClick={() => props.onRevoke(invitation)} aria-label={`Revoke the invitation to ${invitation.email}`}>
              Revoke
            </Button>
          </ListItem>
        );
      })}
    </List>
  );
}
