import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppClient } from '@/shared/data/supabase.ts';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { AUTH_TEXT, isTotpCode, normalizeTotpCode, TOTP_CODE_LENGTH } from '@/shared/core/auth.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { listTotpFactors, verifyTotp } from '@/web/lib/auth.ts';
import { signOut } from '@/web/lib/session.tsx';

export interface SecondFactorStepProps {
  /** The client whose session the code completes (the app's unless given: master login checks on its own). */
  client?: AppClient;
  /** 'Use a different account' (default: sign the app out). */
  onSwitchAccount?: () => void | Promise<void>;
  /** Runs before the code is checked (e.g. master login marks its flow busy). */
  onBeforeVerify?: () => void;
  /** The session is aal2 now. */
  onVerified?: () => void | Promise<void>;
  /** The code was refused or could not be checked. */
  onFailed?: () => void;
}

/**
 * The second sign-in step (multi-factor): the user has a verified TOTP factor, the
 * session is aal1, and a 6-digit code from the authenticator app makes it aal2.
 */
export function SecondFactorStep({ client, onSwitchAccount, onBeforeVerify, onVerified, onFailed }: SecondFactorStepProps) {
  const notify = useNotify();
  const [factorId, setFactorId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let cancelled = false;
    void listTotpFactors(client).then((result) => {
      if (cancelled) return;
      if ('error' in result) setLoadError(result.error.message);
      else if (!result.verified) setLoadError('No authenticator app is set up for this account.');
      else setFactorId(result.verified.id);
    });
    return () => {
      cancelled = true;
    };
  }, [client]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!factorId || verifying) return;
    const digits = normalizeTotpCode(code);
    if (!isTotpCode(digits)) {
      setFieldError(`Enter the ${TOTP_CODE_LENGTH}-digit code from your authenticator app.`);
      inputRef.current?.focus();
      return;
    }
    setVerifying(true);
    setFieldError(null);
    onBeforeVerify?.();
    const error = await verifyTotp(factorId, digits, client);
    if (error) {
      setVerifying(false);
      setFieldError(/invalid|code/i.test(error.message) ? AUTH_TEXT.totpInvalid : error.message);
      setCode('');
      inputRef.current?.focus();
      onFailed?.();
      return;
    }
    await onVerified?.();
  };

  const switchAccount = async () => {
    setLeaving(true);
    if (onSwitchAccount) {
      await onSwitchAccount();
      setLeaving(false);
      return;
    }
    const error = await signOut();
    setLeaving(false);
    if (error) notify({ title: 'Sign Out Error', description: error.message, variant: 'destructive' });
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2.5} aria-label="Two-factor authentication">
      <Typography variant="body1" color="text.secondary" sx={{ textAlign: 'center' }}>
        Open your authenticator app and enter the {TOTP_CODE_LENGTH}-digit code for {PRODUCT_NAME}.
      </Typography>
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {!factorId && !loadError ? (
        <Stack sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label="Loading" />
        </Stack>
      ) : (
        <TextField
          inputRef={inputRef}
          label="Authentication code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/[^\d\s-]/g, '').slice(0, 8));
            if (fieldError) setFieldError(null);
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? ' '}
          autoFocus
          autoComplete="one-time-code"
          disabled={!factorId}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: 8,
              style: { letterSpacing: '0.4em', fontSize: '1.4rem', textAlign: 'center' },
            },
          }}
        />
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={verifying} disabled={!factorId}>
        Verify
      </Button>
      <Button variant="text" onClick={() => void switchAccount()} disabled={leaving || verifying}>
        Use a different account
      </Button>
    </Stack>
  );
}
