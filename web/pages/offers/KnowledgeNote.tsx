import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Link, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import type { KnowledgeState } from './useKnowledgeContext.ts';
import { plural } from '@/shared/core/text.ts';

/** What the knowledge base adds to the prompts, and a visible note when it had to be cut to fit. */
export function KnowledgeNote({ state, onRetry }: { state: KnowledgeState; onRetry: () => void }) {
  const kbLink = (
    <Link component={RouterLink} to={ROUTES.knowledgeBase}>
      Knowledge Base
    </Link>
  );
  if (state.status === 'loading') {
    return (
      <Typography variant="body2" color="text.secondary">
        Loading your knowledge base…
      </Typography>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert severity="warning" action={<Button onClick={onRetry}>Try again</Button>}>
        Could not load your knowledge base ({state.message}). Offers are generated from your idea alone.
      </Alert>
    );
  }
  const { context, source } = state;
  if (context.total === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No documents from your {kbLink} are selected: the AI works from your idea alone.
      </Typography>
    );
  }
  if (context.trimmed) {
    return (
      <Alert severity="info" variant="outlined" role="note" data-testid="knowledge-trimmed">
        {source} in your {kbLink} hold more than one prompt can take for this model. Only the first {context.budget.toLocaleString('en-US')}{' '}
        characters are sent: {context.included} of {plural(context.total, 'document')}, oldest first
        {context.included === context.total ? ', the last one cut short' : ''}.
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      The AI uses {plural(context.included, 'document')} from your {kbLink} ({source}) as background knowledge.
    </Typography>
  );
}
