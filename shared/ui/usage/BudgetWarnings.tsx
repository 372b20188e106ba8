import { useEffect, useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { budgetVerdictFor, onBudgetChange } from '@/shared/data/usageBudgets.ts';
import type { DataClient } from '../query.ts';

/**
 * The budget warnings for calls on `provider` (80% and more of a monthly budget, or over one set to
 * warn only), read again after every recorded call (usageBudgets.ts forgets its states then). A
 * stopped budget is not among them: the run itself says so when it is refused.
 */
function useBudgetWarnings(client: DataClient, provider: string | null | undefined, enabled = true): string[] {
  const [warnings, setWarnings] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!provider || !enabled) {
      setWarnings([]);
      return;
    }
    let live = true;
    let unsubscribe = () => {};
    void client()
      .then(async (db) => {
        if (!live) return;
        unsubscribe = onBudgetChange(db, () => setVersion((v) => v + 1));
        const verdict = await budgetVerdictFor(db, provider);
        if (live) setWarnings(verdict.warnings);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client, provider, enabled, version]);
  return warnings;
}

/** The warnings near a run button (nothing when there are none). */
export function BudgetWarnings({
  client,
  provider,
  enabled = true,
}: {
  client: DataClient;
  provider: string | null | undefined;
  enabled?: boolean;
}) {
  const warnings = useBudgetWarnings(client, provider, enabled);
  if (!warnings.length) return null;
  return (
    <Stack spacing={1} data-testid="budget-warnings">
      {warnings.map((warning) => (
        <Alert key={warning} severity="warning" variant="outlined" role="status">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}
