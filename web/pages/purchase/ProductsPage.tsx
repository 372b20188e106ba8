import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardActions, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import { formatPrice, PRODUCT_TEXTS, PRODUCT_TYPE_LABELS } from '@/shared/core/products.ts';
import { productPath } from '@/shared/core/routes.ts';
import { STOREFRONT_TEXTS } from '@/shared/core/storefront.ts';
import type { ProductForSale } from '@/shared/data/products.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { productQueries } from '@/web/queries/products.ts';
import { ProductTypeIcon } from './ProductTypeIcon.tsx';

/** /products: every digital product that can be bought, signed out too; each card leads to its product page. */
export function ProductsPage() {
  const query = useQuery(productQueries.forSale());
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Stack spacing={1} sx={{ mb: { xs: 3, md: 5 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
          {STOREFRONT_TEXTS.pageTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
          {STOREFRONT_TEXTS.intro}
        </Typography>
      </Stack>
      <QueryState
        query={query}
        loadingLabel="Loading the products"
        errorText={(message) => `${STOREFRONT_TEXTS.loadError} ${message}`}
        isEmpty={(products) => products.length === 0}
        empty={<EmptyStore />}
      >
        {(products) => (
          <Box
            component="ul"
            aria-label={STOREFRONT_TEXTS.pageTitle}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: { xs: 2, md: 3 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {products.map((product) => (
              <Box component="li" key={product.id}>
                <ProductTile product={product} />
              </Box>
            ))}
          </Box>
        )}
      </QueryState>
    </Container>
  );
}

function ProductTile({ product }: { product: ProductForSale }) {
  const headingId = `product-${product.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ProductTypeIcon type={product.type} size="small" />
          <Chip size="small" label={PRODUCT_TYPE_LABELS[product.type]} />
        </Stack>
        <Typography id={headingId} variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {product.name}
        </Typography>
        <Typography
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', flexGrow: 1 }}
        >
          {product.summary ?? PRODUCT_TEXTS.defaultSummary}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
          {formatPrice(product.price)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 0 }}>
        <Button component={RouterLink} to={productPath(product.id)} variant="contained" fullWidth aria-describedby={headingId}>
          {STOREFRONT_TEXTS.view}
        </Button>
      </CardActions>
    </Card>
  );
}

function EmptyStore() {
  return (
    <Card variant="outlined">
      <CardContent sx={{ py: 6, display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
        <StorefrontIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="h2">
          {STOREFRONT_TEXTS.emptyTitle}
        </Typography>
        <Typography color="text.secondary">{STOREFRONT_TEXTS.emptyText}</Typography>
      </CardContent>
    </Card>
  );
}
