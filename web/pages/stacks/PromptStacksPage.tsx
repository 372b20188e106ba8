import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Container, Tab, Tabs } from '@mui/material';
import type { StackFilter } from '@/shared/core/promptStacks.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { ConversationHistory } from '../conversations/ConversationHistory.tsx';
import { AllRunsHistory } from './AllRunsHistory.tsx';
import { StackBrowser } from './StackBrowser.tsx';
import { usePromptStacks } from './usePromptStacks.ts';

type TabName = 'stacks' | 'history' | 'conversations';
const TABS: readonly TabName[] = ['stacks', 'history', 'conversations'];

/**
 * /prompts: the built-in free prompt stacks and the user's own prompts by
 * category, searchable, each a 'Use Prompt' away from /run-prompt/{id}; and the history of every
 * run (a tab). Search, category and tab live in the address, so Back and reloads keep them.
 */
export function PromptStacksPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const tab: TabName = TABS.find((name) => name === params.get('tab')) ?? 'stacks';
  const filter: StackFilter = { search: params.get('q') ?? '', categoryKey: params.get('category') || null };
  const stacks = usePromptStacks();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="Prompt Stacks"
        subtitle="Ready-made prompts and your own, by category. Pick one, fill in the blanks and run it with your key."
        actions={
          <>
            <Button component={RouterLink} to={ROUTES.recommendedPrompts} variant="outlined">
              Recommended prompts
            </Button>
            <Button component={RouterLink} to={ROUTES.myPrompts} variant="outlined">
              My Prompts
            </Button>
          </>
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, value: TabName) => update({ tab: value === 'stacks' ? null : value })}
        aria-label="Prompt stacks views"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="stacks" label="Prompts" id="stacks-tab-stacks" aria-controls="stacks-panel-stacks" />
        <Tab value="history" label="Run history" id="stacks-tab-history" aria-controls="stacks-panel-history" />
        <Tab value="conversations" label="Conversations" id="stacks-tab-conversations" aria-controls="stacks-panel-conversations" />
      </Tabs>
      <Box role="tabpanel" id={`stacks-panel-${tab}`} aria-labelledby={`stacks-tab-${tab}`}>
        {tab === 'history' ? (
          <AllRunsHistory />
        ) : tab === 'conversations' ? (
          <ConversationHistory />
        ) : (
          <QueryState
            query={stacks}
            loadingLabel="Loading prompts"
            loadingSx={{ display: 'grid', placeItems: 'center', py: 8 }}
            errorText={(message) => `Error fetching prompts: ${message}`}
            retryColor="inherit"
          >
            {(state) => (
              <StackBrowser
                categories={state.categories}
                prompts={state.prompts}
                filter={filter}
                onFilter={(next) => update({ q: next.search, category: next.categoryKey })}
                signedIn={user !== null}
                ownError={state.ownError}
                onRetry={() => void stacks.refetch()}
              />
            )}
          </QueryState>
        )}
      </Box>
    </Container>
  );
}
