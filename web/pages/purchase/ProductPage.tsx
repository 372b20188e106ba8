import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Container, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { formatMaxDownloads, formatPrice, PRODUCT_TEXTS, PRODUCT_TYPE_LABELS } from '@/shared/core/products.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { startCheckout, type ProductForSale } from '@/shared/data/products.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { errorMessage } from '@/shared/ui/query.ts';
import { webConfig } from '@/web/lib/config.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { productQueries } from '@/web/queries/products.ts';
import { ProductTypeIcon } from './ProductTypeIcon.tsx';

/** /product/{productId}: the product and 'Buy Now & Download' → Stripe Checkout. */
export function ProductPage() {
  const { productId = '' } = useParams();
  const notify = useNotify();
  const query = useQuery(productQueries.detail(productId));
  const product = query.data;
  const [processing, setProcessing] = useState(false);

  const buy = async (product: ProductForSale) => {
    // No price id → Configuration Error; no publishable key → not configured.
    if (!product.hasPriceId) {
      notify({ title: PRODUCT_TEXTS.configErrorTitle, description: PRODUCT_TEXTS.configErrorText, variant: 'destructive' });
      return;
    }
    if (!webConfig.stripePublishableKey) {
      notify({ title: PRODUCT_TEXTS.notConfiguredTitle, description: PRODUCT_TEXTS.notConfiguredText, variant: 'destructive' });
      return;
    }
    setProcessing(true);
    const result = await startCheckout(supabase, product.id);
    if (result.error) {
      setProcessing(false);
      notify({ title: result.error.title, description: result.error.message, variant: 'destructive' });
      return;
    }
    window.location.assign(result.data);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 9 } }}>
      {query.status === 'pending' && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
          <CircularProgress aria-label="Loading the product" />
        </Box>
      )}
      {query.status !== 'pending' && !product && (
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {query.status === 'error' ? PRODUCT_TEXTS.retrieveError : PRODUCT_TEXTS.notFound}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {query.status === 'error' ? errorMessage(query.error) : 'This product does not exist or is no longer for sale.'}
            </Typography>
            <Button component={RouterLink} to={ROUTES.landing} variant="contained">
              Go to the homepage
            </Button>
          </CardContent>
        </Card>
      )}
      {product && <ProductCard product={product} processing={processing} onBuy={() => void buy(product)} />}
    </Container>
  );
}

function ProductCard({ product, processing, onBuy }: { product: ProductForSale; processing: boolean; onBuy: () => void }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ProductTypeIcon type={product.type} size="large" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                {product.name}
              </Typography>
              <Chip size="small" label={PRODUCT_TYPE_LABELS[product.type]} sx={{ mt: 0.5 }} />
            </Box>
          </Stack>
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {product.summary ?? PRODUCT_TEXTS.defaultSummary}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="h3" component="p" sx={{ fontWeight: 800 }} aria-label={`Price ${formatPrice(product.price)}`}>
              {formatPrice(product.price)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Downloads included: {formatMaxDownloads(product.maxDownloads)}
            </Typography>
          </Stack>
          <Button
            variant="contained"
            size="large"
            onClick={onBuy}
            disabled={processing}
            startIcon={processing ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {processing ? 'Processing…' : PRODUCT_TEXTS.buy}
          </Button>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
            <LockIcon fontSize="small" aria-hidden />
            <Typography variant="caption">Secure checkout by Stripe. You are charged once, quantity 1.</Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
