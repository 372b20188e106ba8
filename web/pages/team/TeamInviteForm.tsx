import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { isSimpleEmail } from '@/shared/core/auth.ts';
import { TEAM_ROLE_HINTS, TEAM_ROLE_LABELS, TEAM_ROLES, TEAM_TEXTS, type TeamRole } from '@/shared/core/teams.ts';
import type { DataResult } from '@/shared/data/result.ts';
import type { TeamInvitation } from '@/shared/data/teams.ts';
import { useNotify } from '@/shared/ui/notices.tsx';

/** The owner's invitation form: an address and a role; the server mails the link. */
export function TeamInviteForm(props: {
  seatsLeft: number;
  onInvite: (input: { email: string; role: TeamRole }) => Promise<DataResult<TeamInvitation>>;
}) {
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('editor');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = props.seatsLeft === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!isSimpleEmail(address)) return setProblem(TEAM_TEXTS.invalidEmail);
    setProblem(null);
    setBusy(true);
    const result = await props.onInvite({ email: address, role });
    setBusy(false);
    if (result.error) return setProblem(result.error.message);
    setEmail('');
    notify({ title: 'Invitation sent', description: TEAM_TEXTS.invited(address) });
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
        <Button type="submit" variant="contained" disabled={busy || full} sx={{ mt: 1 }}>
          {busy ? 'Sending…' : 'Send invitation'}
        </Button>
      </Box>
      {full && <Alert severity="info">{TEAM_TEXTS.full}</Alert>}
    </Box>
  );
}
