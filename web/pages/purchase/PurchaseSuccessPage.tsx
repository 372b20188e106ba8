import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { formatMaxDownloads, PRODUCT_TEXTS } from '@/shared/core/products.ts';
import { productPath, ROUTES } from '@/shared/core/routes.ts';
import { downloadPurchase } from '@/shared/data/products.ts';
import { downloadUrl } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { productQueries } from '@/web/queries/products.ts';

/**
 * /purchase-success?product_id={id}&session_id=…: the paid file, counted per
 * download. Success is claimed only once the server has confirmed that the session is a paid
 * purchase of this product; typing the address without paying shows that nothing was confirmed.
 */
export function PurchaseSuccessPage() {
  const [params] = useSearchParams();
  const productId = params.get('product_id') ?? '';
  const sessionId = params.get('session_id') ?? '';
  const notify = useNotify();
  const checked = useQuery(productQueries.purchase(productId, sessionId));
  const state = checked.data;
  const [busy, setBusy] = useState(false);
  const [downloads, setDownloads] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);

  const download = async () => {
    if (state?.status !== 'ready' || !sessionId) {
      notify({ title: PRODUCT_TEXTS.noProductTitle, description: PRODUCT_TEXTS.noProductText, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await downloadPurchase(supabase, sessionId);
    setBusy(false);
    if (result.error) {
      setProblem(result.error);
      notify({ title: result.error.title, description: result.error.message, variant: 'destructive' });
      return;
    }
    const file = result.data;
    downloadUrl(file.url);
    setDownloads(`Download ${file.downloads} of ${formatMaxDownloads(file.maxDownloads)}.`);
    notify({ title: PRODUCT_TEXTS.downloadStarted, description: file.name });
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          {!state && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading your purchase" />
            </Box>
          )}
          {state?.status === 'missing' && (
            <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
              <Typography variant="h4" component="h1">
                {PRODUCT_TEXTS.retrieveError}
              </Typography>
              <Typography color="text.secondary">
                We could not find the product of this purchase. If you were charged, contact support with your receipt.
              </Typography>
              <Button component={RouterLink} to={ROUTES.support} variant="outlined">
                Contact support
              </Button>
            </Stack>
          )}
          {state?.status === 'unconfirmed' && (
            <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
              <Typography variant="h4" component="h1">
                {state.refusal.title}
              </Typography>
              <Typography color="text.secondary">{state.refusal.message}</Typography>
              <Button component={RouterLink} to={productPath(state.product.id)} variant="contained">
                {PRODUCT_TEXTS.backToProduct}
              </Button>
            </Stack>
          )}
          {state?.status === 'ready' && (
            <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <Box
                sx={{
                  width: 72,
                  height: 72,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  color: 'success.main',
                  bgcolor: (t) => alpha(t.palette.success.main, 0.12),
                }}
              >
                <CheckIcon sx={{ fontSize: 40 }} aria-hidden />
              </Box>
              <Typography variant="h4" component="h1">
                {PRODUCT_TEXTS.successTitle}
              </Typography>
              <Typography color="text.secondary">
                Thank you for buying <strong>{state.product.name}</strong>. Your download is ready.
              </Typography>
              <Button
                variant="contained"
                size="large"
                onClick={() => void download()}
                disabled={busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
              >
                {PRODUCT_TEXTS.downloadNow}
              </Button>
              {downloads && (
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {downloads}
                </Typography>
              )}
              {problem && (
                <Alert severity={problem.title === 'Payment Not Completed' ? 'warning' : 'error'} sx={{ textAlign: 'left', width: '100%' }}>
                  <strong>{problem.title}.</strong> {problem.message}
                </Alert>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
