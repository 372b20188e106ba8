import { Container } from '@mui/material';
import { PageHeader } from '../../components/PageHeader.tsx';

/** Stub: replaced by the real page. */
export function AdminAccessPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Admin Access" />
    </Container>
  );
}
