import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockResetIcon from '@mui/icons-material/LockReset';
import { AUTH_TEXT, resetEmailProblem } from '@/shared/core/auth.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { sendPasswordReset } from '@/web/lib/auth.ts';
import { AuthCard } from './AuthCard.tsx';

/** /forgot-password: mails a reset link that opens /update-password. */
export function ForgotPasswordPage() {
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problem = resetEmailProblem(email);
    setInvalid(Boolean(problem));
    if (problem) {
      notify({ ...problem, variant: 'destructive' });
      return;
    }
    setSending(true);
    const error = await sendPasswordReset(email);
    setSending(false);
    if (error) {
      notify({ title: AUTH_TEXT.resetError, description: error.message, variant: 'destructive' });
      return;
    }
    notify(AUTH_TEXT.resetSent);
    setSentTo(email.trim());
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      icon={<LockResetIcon />}
      footer={
        <Link component={RouterLink} to={ROUTES.login} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <ArrowBackIcon fontSize="small" />
          Back to sign in
        </Link>
      }
    >
      <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2.5} aria-label="Reset password">
        {sentTo && (
          <Alert severity="success">
            If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. The link works once, in this browser.
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(false);
          }}
          error={invalid}
          required
          fullWidth
          autoFocus
          disabled={sending}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={sending}>
          {sentTo ? 'Send again' : 'Send reset link'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Remembered it?{' '}
          <Link component={RouterLink} to={ROUTES.login}>
            Sign in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
