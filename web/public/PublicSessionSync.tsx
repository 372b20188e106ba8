import { QueryClientProvider } from '@tanstack/react-query';
import { browserQueryClient } from '../lib/queryClient.ts';
import { SessionSync } from '../lib/session.tsx';

/** The session layer for the public entry, which has no query cache of its own (SessionSync empties it on a user change). */
export function PublicSessionSync() {
  return (
    <QueryClientProvider client={browserQueryClient()}>
      <SessionSync />
    </QueryClientProvider>
  );
}
