import { useEffect, useRef } from 'react';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import type { DataError, DataErrorKind, DataResult, Success } from '../data/result.ts';
import type { AppClient } from '../data/supabase.ts';

/**
 * Server state (what the database holds) lives in TanStack Query: one QueryClient per app (the
 * dashboard, the side panel, the popup), keys from queryKeys.ts used through each feature's query
 * factories (shared/ui/queries/, web/queries/), `unwrap` between shared/data's DataResult and a
 * query function. jotai keeps client state only (see docs/architecture.md).
 */

/** A side's data client as the shared query factories take it: the dashboard's, or the extension's (opened on first use). */
export type DataClient = () => Promise<AppClient>;

/** A failed DataResult as an Error, so a query or mutation sees the failure; `dataError` keeps it whole. */
export class QueryError<E extends DataError = DataError> extends Error {
  readonly dataError: E;
  constructor(dataError: E) {
    super(dataError.message);
    this.name = 'QueryError';
    this.dataError = dataError;
  }
  get kind(): DataErrorKind {
    return this.dataError.kind;
  }
}

/** The data of a successful result; a failure is thrown as a QueryError carrying the DataError. */
export function unwrap<T, E extends DataError>(result: DataResult<T, E>): T {
  // (A generic E keeps TypeScript from narrowing the union on `error`.)
  if (result.error === null) return (result as Success<T>).data;
  throw new QueryError(result.error);
}

/** The text to show for a query's failure (the DataError's message; any other error's own). */
export { errorMessage } from '../core/text.ts';

/** Failures asking again cannot change: the rule, the policy, the allowance, the missing row. */
const FINAL_KINDS: ReadonlySet<DataErrorKind> = new Set(['invalid', 'refused', 'limit', 'not_found']);

/** Network failures are asked again once; refusals and everything else never (the user has "Try again"). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof QueryError)) return false;
  if (FINAL_KINDS.has(error.kind)) return false;
  return error.kind === 'network' && failureCount < 1;
}

/**
 * The app's QueryClient. A page asks again each time it mounts (cached data shows meanwhile), not
 * on window focus: the pages hold forms and dialogs over their data, which must not shift under the
 * user. Mutations are never repeated by the client. Requests go out even when the browser reports
 * no network (networkMode 'always'): the failure then shows with "Try again", instead of a spinner
 * that waits for the connection to come back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: 500, refetchOnWindowFocus: false, staleTime: 0, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Empties the cache when the signed-in user changes (sign-out, or another account signing in),
 * so one account never sees the previous one's data. `userId` is undefined while unknown (the
 * session is being restored): nothing happens until it is known.
 */
export function useClearOnUserChange(userId: string | null | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    if (previous.current !== undefined && previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);
}
