import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, type SxProps, type Theme } from '@mui/material';
import type { DataError } from '../data/result.ts';
import { errorMessage, QueryError } from './query.ts';

/** What QueryState reads of a query (a useQuery result fits). */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The spinner's accessible name (role progressbar), e.g. "Loading your saved ideas". */
  loadingLabel: string;
  spinnerSize?: number;
  /** The box the spinner is centred in (default: centred, py 3); `null` shows the bare spinner. */
  loadingSx?: SxProps<Theme> | null;
  /**
   * The error alert's text for the failure's message, e.g. (m) => `Error fetching ideas: ${m}`;
   * `dataError` is the whole DataError when the query function unwrapped one (its title, code…).
   */
  errorText: (message: string, dataError: DataError | null) => ReactNode;
  /** A "Try again" action on the alert that asks again (default true). */
  retry?: boolean;
  retryColor?: 'inherit' | 'primary';
  retrySize?: 'small' | 'medium';
  alertSx?: SxProps<Theme>;
  /** When the data counts as empty; then `empty` shows instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

const CENTRED: SxProps<Theme> = { display: 'grid', placeItems: 'center', py: 3 };

/**
 * The one way a page shows server state: a spinner while the first answer (or a "Try again") is on
 * its way, the error alert with "Try again", the empty state, or the data. Data already shown
 * stays on screen through later refetches (a failed one is the caller's to report, e.g. a toast).
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, retry = true } = props;
  // Data once read stays on screen through later refetches, failed ones included.
  const shown = query.status === 'success' || query.data !== undefined;
  const waiting = !shown && (query.status === 'pending' || query.isFetching);
  if (waiting) {
    const spinner = <CircularProgress size={props.spinnerSize} aria-label={props.loadingLabel} />;
    return props.loadingSx === null ? spinner : <Box sx={props.loadingSx ?? CENTRED}>{spinner}</Box>;
  }
  if (!shown) {
    return (
      <Alert
        severity="error"
        sx={props.alertSx}
        action={
          retry ? (
            <Button color={props.retryColor} size={props.retrySize} onClick={() => void query.refetch()}>
              Try again
            </Button>
          ) : undefined
        }
      >
        {props.errorText(errorMessage(query.error), query.error instanceof QueryError ? query.error.dataError : null)}
      </Alert>
    );
  }
  const data = query.data as T;
  if (props.isEmpty?.(data)) return <>{props.empty ?? null}</>;
  return <>{props.children(data)}</>;
}
