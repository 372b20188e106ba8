import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { ContactFormLink, SupportEmail, SupportFaq } from '@/web/components/SupportContact.tsx';

/** /support: the support address, the contact form and a short FAQ. */
export function SupportPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="Support" subtitle="We're here to help. Reach us by e-mail or send a message through the contact form." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card component="section" aria-labelledby="support-contact-heading">
            <CardContent sx={{ p: 3 }}>
              <Stack spacing={2.5}>
                <Typography id="support-contact-heading" variant="h6" component="h2">
                  Contact us
                </Typography>
                <Typography color="text.secondary">
                  Write to our support team and we will answer by e-mail, usually within one or two business days.
                </Typography>
                <SupportEmail />
                <ContactFormLink />
                <Typography variant="body2" color="text.secondary">
                  Please don't send your API keys or passwords — we will never ask for them. See our{' '}
                  <Link component={RouterLink} to={ROUTES.privacy} underline="always">
                    Privacy Policy
                  </Link>{' '}
                  and{' '}
                  <Link component={RouterLink} to={ROUTES.terms} underline="always">
                    Terms of Service
                  </Link>
                  .
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} component="section" aria-labelledby="support-faq-heading">
          <Typography id="support-faq-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            Frequently asked questions
          </Typography>
          <SupportFaq headingLevel="h3" />
        </Grid>
      </Grid>
    </Container>
  );
}
