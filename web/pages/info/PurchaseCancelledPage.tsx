import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import { ROUTES } from '@/shared/core/routes.ts';

/** /purchase-cancelled: the checkout was left without paying. */
export function PurchaseCancelledPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Box
              sx={{
                width: 72,
                height: 72,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                color: 'warning.dark',
                bgcolor: (t) => alpha(t.palette.warning.main, 0.12),
              }}
            >
              <CancelIcon sx={{ fontSize: 40 }} aria-hidden />
            </Box>
            <Typography variant="h4" component="h1">
              Payment Cancelled
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: '1.1rem' }}>
              You have not been charged.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Your checkout was cancelled before payment. You can go back and try again whenever you're ready.
            </Typography>
            <Button component={RouterLink} to={ROUTES.landing} variant="contained" size="large" startIcon={<HomeIcon />}>
              Return home
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
