import { queryOptions } from '@tanstack/react-query';
import type { UsageSubject } from '@/shared/core/usage/ledger.ts';
import { usageOfSubject } from '@/shared/data/usage.ts';
import { unwrap, type DataClient } from '../query.ts';

/**
 * The ledger rows of one subject (a workflow run's calls, for the cost of each step). Keyed under
 * 'usage' (queryKeys.usage.all) so whatever refreshes usage refreshes these; `version` changes
 * whenever the subject may have made calls since.
 */
export const ledgerQueries = {
  subject: (client: DataClient, subject: UsageSubject, version: string) =>
    queryOptions({
      queryKey: ['usage', 'subject', subject.kind, subject.id, version] as const,
      queryFn: async () => unwrap(await usageOfSubject(await client(), subject)),
      // The rows read before stay on screen while a newer version is read.
      placeholderData: (previous) => previous,
    }),
};
