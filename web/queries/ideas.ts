import { queryOptions } from '@tanstack/react-query';
import { listIdeas } from '@/shared/data/ideas.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's saved startup ideas. */
export const ideaQueries = {
  list: () => queryOptions({ queryKey: queryKeys.ideas.list(), queryFn: async () => unwrap(await listIdeas(supabase)) }),
};
