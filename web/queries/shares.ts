import { queryOptions } from '@tanstack/react-query';
import { countDocumentShares, listShares, type ShareTarget } from '@/shared/data/shares.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** Who a workspace or a document is shared with, and how many addresses each of the user's documents is shared with. */
export const shareQueries = {
  list: (target: ShareTarget) =>
    queryOptions({ queryKey: queryKeys.shares.list(target), queryFn: async () => unwrap(await listShares(supabase, target)) }),
  documentCounts: (userId: string) =>
    queryOptions({ queryKey: queryKeys.shares.documentCounts(), queryFn: async () => unwrap(await countDocumentShares(supabase, userId)) }),
};
