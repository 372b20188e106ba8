import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/ui/query.ts';

let client: QueryClient | undefined;

/** The browser's one server-data cache: the public entry's session layer fills it, the full app takes it over. */
export const browserQueryClient = (): QueryClient => (client ??= createQueryClient());
