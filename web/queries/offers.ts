import { queryOptions } from '@tanstack/react-query';
import { listOffers } from '@/shared/data/offers.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's saved offers. */
export const offerQueries = {
  list: () => queryOptions({ queryKey: queryKeys.offers.list(), queryFn: async () => unwrap(await listOffers(supabase)) }),
};
