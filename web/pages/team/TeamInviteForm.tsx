import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { isSimpleEmail } from '@/shared/core/auth.ts';
import { TEAM_ROLE_HINTS, TEAM_ROLE_LABELS, TEAM_ROLES, TEAM_TEXTS, type TeamRole } from '@/shared/core/teams.ts';
import type { InvitationDelivery } from '@/shared/data/projectStatus.ts';
import type { DataResult } from '@/shared/data/result.ts';
import type { SentTeamInvitation } from '@/shared/data/teams.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { InvitationLink } from '@/web/components/InvitationLink.tsx';
import { projectQueries } from '@/web/queries/projectStatus.ts';

/**
 * The owner's invitation form: an address and a role; the server mails the link. While mail is
 * off on the project (or when the mailer refused it) the link is shown here to copy and pass on.
 */
export function TeamInviteForm(props: {
  seatsLeft: number;
  onInvite: (input: { email: string; role: TeamRole }) => Promise<DataResult<SentTeamInvitation>>;
  /** While `onInvite`'s invitation is being sent (its mutation is pending). */
  sending: boolean;
}) {
  const notify = useNotify();
  const mailOff = useQuery(projectQueries.mail()).data === 'off';
  /** The last invitation's link, when it was not mailed. */
  const [unmailed, setUnmailed] = useState<{ email: string; delivery: Exclude<InvitationDelivery, { mail: 'sent' }> } | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('editor');
  const [problem, setProblem] = useState<string | null>(null);
  const full = props.seatsLeft === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!isSimpleEmail(address)) return setProblem(TEAM_TEXTS.invalidEmail);
    setProblem(null);
    const result = await props.onInvite({ email: address, role });
    if (result.error) return setProblem(result.error.message);
    setEmail('');
    const { delivery } = result.data;
    if (delivery.mail === 'sent') {
      setUnmailed(null);
      notify({ title: 'Invitation sent', description: TEAM_TEXTS.invited(address) });
    } else {
      setUnmailed({ email: address, delivery });
      notify({ title: 'Invitation ready', description: TEAM_TEXTS.linkReady(address) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="team-invite-title">
      <Typography id="team-invite-title" variant="h6" component="h2" gutterBottom>
        Invite someone
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="E-mail address"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!problem}
          helperText={problem ?? ' '}
          disabled={full}
          sx={{ flex: '1 1 240px' }}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <TextField
          select
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as TeamRole)}
          helperText={TEAM_ROLE_HINTS[role]}
          disabled={full}
          sx={{ flex: '0 1 220px' }}
        >
          {TEAM_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {TEAM_ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={props.sending || full} sx={{ mt: 1 }}>
          {props.sending ? 'Sending…' : 'Send invitation'}
        </Button>
      </Box>
      {mailOff && !unmailed && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {TEAM_TEXTS.mailOff}
        </Typography>
      )}
      {unmailed && (
        <Box sx={{ mt: 1.5 }}>
          <InvitationLink
            title={TEAM_TEXTS.linkTitle}
            message={unmailed.delivery.mail === 'off' ? TEAM_TEXTS.linkOff(unmailed.email) : TEAM_TEXTS.linkRefused(unmailed.email)}
            link={unmailed.delivery.link}
          />
        </Box>
      )}
      {full && <Alert severity="info">{TEAM_TEXTS.full}</Alert>}
    </Box>
  );
}
