import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '@/web/lib/navigation.tsx';
import { Alert, Button, Card, CardContent, CircularProgress, Container, Grid, Link, Stack, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import {
  CONTACT_FAILED_TITLE,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_SENT,
  hasContactErrors,
  subjectFromQuery,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactInput,
} from '@/shared/core/contact.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { sendContactMessage } from '@/shared/data/contact.ts';
import { useHydrated } from '@/web/lib/useHydrated.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { SupportEmail } from '@/web/components/SupportContact.tsx';
import { useProfile, useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

/** The signed-in sender's name: profile name, else sign-up metadata. */
function displayName(profileName: string | null | undefined, metadata: Record<string, unknown> | undefined): string {
  const fromMeta = metadata?.name ?? metadata?.full_name;
  return (profileName ?? (typeof fromMeta === 'string' ? fromMeta : '')).trim();
}

/**
 * /contact: name, email, subject and message, all required. The message is stored
 * (contact_messages) instead of a simulated send; nothing typed is lost when it fails.
 */
export function ContactPage() {
  const [searchParams] = useSearchParams();
  const user = useUser();
  const profile = useProfile();
  const notify = useNotify();
  const hydrated = useHydrated();

  const prefillName = user ? displayName(profile?.name, user.user_metadata) : '';
  const prefillEmail = user?.email ?? '';

  const [values, setValues] = useState<ContactInput>(() => ({ ...EMPTY, subject: subjectFromQuery(searchParams.get('subject')) }));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  // Prefill name and e-mail once the signed-in user is known, without overwriting what was typed.
  useEffect(() => {
    if (!prefillName && !prefillEmail) return;
    setValues((current) => ({
      ...current,
      name: current.name || prefillName,
      email: current.email || prefillEmail,
    }));
  }, [prefillName, prefillEmail]);

  const change = (field: ContactField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setSent(false);
    if (submitted) setErrors(validateContact(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    if (hasContactErrors(found)) {
      const first = CONTACT_FIELDS.find((field) => found[field]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setSending(true);
    const { error } = await sendContactMessage(supabase, values, user?.id ?? null);
    setSending(false);
    if (error) {
      notify({ title: CONTACT_FAILED_TITLE, description: error.message, variant: 'destructive' });
      return;
    }
    notify({ title: CONTACT_SENT.title, description: CONTACT_SENT.description });
    setValues({ ...EMPTY, name: prefillName, email: prefillEmail });
    setErrors({});
    setSubmitted(false);
    setSent(true);
  };

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name)(event.target.value),
    error: Boolean(errors[name]),
    required: true,
    fullWidth: true,
    // A pre-rendered form waits for its scripts: what was typed before would be lost.
    disabled: sending || !hydrated,
    inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      refs.current[name] = el;
    },
  });

  const messageLength = values.message.trim().length;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="Contact Us" subtitle="Have a question, found a bug or want a feature? Send us a message." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2.5} aria-label="Contact form">
                {sent && (
                  <Alert severity="success" role="status" onClose={() => setSent(false)}>
                    <strong>{CONTACT_SENT.title}</strong> {CONTACT_SENT.description}
                  </Alert>
                )}
                <Grid container spacing={2.5}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      {...field('name')}
                      label="Name"
                      autoComplete="name"
                      helperText={errors.name ?? ' '}
                      slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      {...field('email')}
                      label="Email"
                      type="email"
                      autoComplete="email"
                      helperText={errors.email ?? ' '}
                      slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.email } }}
                    />
                  </Grid>
                </Grid>
                <TextField
                  {...field('subject')}
                  label="Subject"
                  helperText={errors.subject ?? ' '}
                  slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }}
                />
                <TextField
                  {...field('message')}
                  label="Message"
                  multiline
                  minRows={6}
                  maxRows={16}
                  helperText={
                    <Stack component="span" direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                      <span>{errors.message ?? ' '}</span>
                      <span aria-hidden>
                        {messageLength.toLocaleString('en-US')} / {CONTACT_LIMITS.message.toLocaleString('en-US')}
                      </span>
                    </Stack>
                  }
                />
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Typography variant="body2" color="text.secondary">
                    All fields are required. Please don't include API keys or passwords.
                  </Typography>
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={sending || !hydrated}
                    startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
                    sx={{ flexShrink: 0 }}
                  >
                    {sending ? 'Sending…' : 'Send message'}
                  </Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card component="aside" aria-labelledby="contact-other-heading">
            <CardContent sx={{ p: 3 }}>
              <Stack spacing={2}>
                <Typography id="contact-other-heading" variant="h6" component="h2">
                  Prefer e-mail?
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Write to us directly. We usually answer within one or two business days.
                </Typography>
                <SupportEmail />
                <Typography variant="body2" color="text.secondary">
                  Answers to common questions are on the{' '}
                  <Link component={RouterLink} to={ROUTES.support} underline="always">
                    support page
                  </Link>
                  .
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Container>
  );
}
