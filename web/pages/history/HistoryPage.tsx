import { useSearchParams } from 'react-router-dom';
import { Box, Container, Tab, Tabs } from '@mui/material';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { ConversationHistory } from '../conversations/ConversationHistory.tsx';
import { AllRunsHistory } from '../stacks/AllRunsHistory.tsx';

type TabName = 'runs' | 'conversations';

/** Where the tab is in the address: /history (runs) or /history?tab=conversations. */
export const historyTabOf = (value: string | null): TabName => (value === 'conversations' ? 'conversations' : 'runs');

/**
 * /history: every prompt run and every conversation, one step from the sidebar. The tab lives in
 * the address, so Back and reloads keep it.
 */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const tab = historyTabOf(params.get('tab'));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="History"
        subtitle="Your prompt runs and conversations, newest first. Open one to read it, run it again or continue."
      />
      <Tabs
        value={tab}
        onChange={(_e, value: TabName) => setParams(value === 'runs' ? {} : { tab: value }, { replace: true })}
        aria-label="History views"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="runs" label="Run history" id="history-tab-runs" aria-controls="history-panel-runs" />
        <Tab value="conversations" label="Conversations" id="history-tab-conversations" aria-controls="history-panel-conversations" />
      </Tabs>
      <Box role="tabpanel" id={`history-panel-${tab}`} aria-labelledby={`history-tab-${tab}`}>
        {tab === 'conversations' ? <ConversationHistory /> : <AllRunsHistory />}
      </Box>
    </Container>
  );
}
