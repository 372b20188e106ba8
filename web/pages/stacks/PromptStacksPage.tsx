import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Container } from '@mui/material';
import type { StackFilter } from '@/shared/core/promptStacks.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { StackBrowser } from './StackBrowser.tsx';
import { usePromptStacks } from './usePromptStacks.ts';

/**
 * /prompts: the built-in free prompt stacks and the user's own prompts by category, searchable,
 * each a 'Use Prompt' away from /run-prompt/{id}. Search and category live in the address, so Back
 * and reloads keep them. The history tabs it once had moved to /history; their old links lead there.
 */
export function PromptStacksPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const oldTab = params.get('tab');
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

  if (oldTab === 'history' || oldTab === 'conversations') {
    return <Navigate to={oldTab === 'history' ? ROUTES.history : `${ROUTES.history}?tab=conversations`} replace />;
  }
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
    </Container>
  );
}
