import { useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { connectExtension, pingExtension } from '@/web/lib/extensionBridge.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { randomId } from '@/shared/core/ids.ts';

/**
 * Settings → Connect extension: finds the AI Vault extension in this browser (its bridge on this
 * page answers a ping) and signs it in as the dashboard's user with a one-time token from the
 * session-handoff function, so the user signs in once. Two-factor accounts still enter a code in
 * the extension.
 */

type Detection = 'checking' | 'found' | 'missing';
type Outcome = { ok: true; email: string } | { ok: false; message: string } | null;

export function ConnectExtensionCard() {
  const notify = useNotify();
  const [detection, setDetection] = useState<Detection>('checking');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const detect = () => {
    setDetection('checking');
    void pingExtension(window).then((found) => setDetection(found ? 'found' : 'missing'));
  };
  useEffect(detect, []);

  const connect = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { data, error } = await supabase.functions.invoke<{ token_hash?: string }>('session-handoff', { method: 'POST' });
      const tokenHash = data?.token_hash;
      const result =
        error || !tokenHash
          ? { ok: false as const, message: error?.message ?? 'Could not create a sign-in token. Please try again.' }
          : await connectExtension(window, tokenHash, randomId());
      setOutcome(result);
      notify(
        result.ok
          ? { title: 'Extension Connected', description: `The ${PRODUCT_NAME} extension is signed in as ${result.email}.` }
          : { title: 'Extension Not Connected', description: result.message, variant: 'destructive' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="connect-extension-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ExtensionOutlinedIcon color="primary" />
          <Typography id="connect-extension-title" variant="h6" component="h2">
            Connect extension
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Sign the {PRODUCT_NAME} browser extension in as you, so its side panel runs your saved prompts on any page. No password needed;
          with two-factor authentication the extension asks for a code.
        </Typography>

        <Stack spacing={2} sx={{ mt: 2 }}>
          {detection === 'checking' && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">Looking for the extension…</Typography>
            </Stack>
          )}
          {detection === 'missing' && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={detect}>
                  Check again
                </Button>
              }
            >
              The {PRODUCT_NAME} extension was not found in this browser. Install it (or reload this page after installing), then connect.
            </Alert>
          )}
          {detection === 'found' && (
            <Button variant="contained" onClick={() => void connect()} loading={busy} sx={{ alignSelf: 'flex-start' }}>
              Connect extension
            </Button>
          )}
          {outcome && (
            <Alert severity={outcome.ok ? 'success' : 'error'} role="status">
              {outcome.ok ? `Connected: the extension is signed in as ${outcome.email}.` : outcome.message}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
