import { useQuery } from '@tanstack/react-query';
import { ledgerQueries } from '../queries/ledger.ts';
import type { DataClient } from '../query.ts';
import { usageTotal, type UsageFigures } from './UsageLine.tsx';

/**
 * A workflow run's usage per step, from the ledger (rows with the run as subject and the step's
 * index): every call a step made, retries and for-each items together. `version` changes whenever
 * the run may have made calls (it ended, was continued), which reads the rows again.
 */
export function useStepUsage(client: DataClient, runId: string, version: string): ReadonlyMap<number, UsageFigures> {
  const query = useQuery(ledgerQueries.subject(client, { kind: 'workflow_run', id: runId }, version));
  const byStep = new Map<number, UsageFigures[]>();
  for (const row of query.data ?? []) {
    if (row.step_index === null) continue;
    byStep.set(row.step_index, [...(byStep.get(row.step_index) ?? []), row]);
  }
  return new Map(
    [...byStep].flatMap(([step, rows]) => {
      const total = usageTotal(rows);
      return total ? [[step, total] as const] : [];
    }),
  );
}
