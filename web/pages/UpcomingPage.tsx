import { Link as RouterLink, useMatches } from 'react-router-dom';
import { Button, Card, CardContent, Container, Typography } from '@mui/material';
import { ROUTES } from '../../shared/core/routes.ts';
import { PageHeader } from '../components/PageHeader.tsx';

export interface UpcomingHandle {
  title: string;
  summary: string;
}

/**
 * Routes whose feature ships in a later release (prompt library, offers, documents, admin…):
 * the route, guard and shell work today; the page says what is coming.
 */
export function UpcomingPage() {
  const handle = useMatches().at(-1)?.handle as UpcomingHandle | undefined;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title={handle?.title ?? 'Coming soon'} />
      <Card>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="body1" sx={{ mb: 3 }}>
            {handle?.summary ?? 'This part of AI Vault is being built.'}
          </Typography>
          <Button component={RouterLink} to={ROUTES.dashboard} variant="contained">
            Back to Dashboard
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
