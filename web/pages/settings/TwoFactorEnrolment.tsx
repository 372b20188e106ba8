import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { AUTH_TEXT, groupSecret, isTotpCode, normalizeTotpCode, qrImageSrc, TOTP_CODE_LENGTH, TOTP_ISSUER } from '@/shared/core/auth.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { verifyTotp, type TotpEnrolment } from '@/web/lib/auth.ts';

/**
 * Setting up two-factor authentication (TwoFactorCard): the QR code or the secret for the
 * authenticator app, then a first code from it to verify and turn it on.
 */
export function TwoFactorEnrolment({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onDone: (factorId: string) => void;
}) {
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      notify({ title: 'Secret copied', description: 'Paste it into your authenticator app.' });
    } catch {
      notify({ title: 'Could not copy', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    const digits = normalizeTotpCode(code);
    if (!isTotpCode(digits)) {
      setError(`Enter the ${TOTP_CODE_LENGTH}-digit code your app shows.`);
      codeRef.current?.focus();
      return;
    }
    setVerifying(true);
    const failed = await verifyTotp(enrolment.factorId, digits);
    setVerifying(false);
    if (failed) {
      setError(/invalid|code/i.test(failed.message) ? AUTH_TEXT.totpInvalid : failed.message);
      setCode('');
      codeRef.current?.focus();
      return;
    }
    onDone(enrolment.factorId);
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <Box
          component="img"
          src={qrImageSrc(enrolment.qrCode)}
          alt={`QR code to add ${TOTP_ISSUER} to your authenticator app`}
          sx={{ width: 180, height: 180, flexShrink: 0, p: 1, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 2 }}
        />
        <Stack spacing={1.5} sx={{ minWidth: 0, flexGrow: 1, width: '100%' }}>
          <Typography variant="body2">
            <strong>1.</strong> Scan the QR code with your authenticator app. If you cannot scan it, enter this secret key instead:
          </Typography>
          <TextField
            label="Secret key"
            value={groupSecret(enrolment.secret)}
            size="small"
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.05em' },
              },
              input: {
                endAdornment: (
                  <Tooltip title="Copy secret">
                    <IconButton aria-label="Copy secret" onClick={() => void copy()} edge="end" size="small">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ),
              },
            }}
          />
          <Typography variant="body2">
            <strong>2.</strong> Enter the {TOTP_CODE_LENGTH}-digit code the app shows to finish.
          </Typography>
          <Stack
            component="form"
            noValidate
            onSubmit={(e) => void submit(e)}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            aria-label="Verify authenticator app"
          >
            <TextField
              inputRef={codeRef}
              label="Verification code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/[^\d\s-]/g, '').slice(0, 8));
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? undefined}
              size="small"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
              sx={{ flexGrow: 1 }}
            />
            <Button type="submit" variant="contained" loading={verifying} sx={{ alignSelf: { sm: 'flex-start' }, height: 40 }}>
              Verify and turn on
            </Button>
          </Stack>
        </Stack>
      </Stack>
      <Box>
        <Button onClick={onCancel} disabled={verifying} color="inherit">
          Cancel set-up
        </Button>
      </Box>
    </Stack>
  );
}
