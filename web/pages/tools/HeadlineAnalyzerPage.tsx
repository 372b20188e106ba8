import { Container } from '@mui/material';
import { PageHeader } from '../../components/PageHeader.tsx';

/** Stub: replaced by the real page. */
export function HeadlineAnalyzerPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Headline Analyzer" />
    </Container>
  );
}
