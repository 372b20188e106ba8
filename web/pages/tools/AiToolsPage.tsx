import { Container } from '@mui/material';
import { PageHeader } from '../../components/PageHeader.tsx';

/** Stub: replaced by the real page. */
export function AiToolsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Ai Tools" />
    </Container>
  );
}
