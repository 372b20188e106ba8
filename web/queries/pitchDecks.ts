import { queryOptions } from '@tanstack/react-query';
import { getDeck, listDecks } from '@/shared/data/pitchDecks.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's saved pitch decks (last changed first), and one whole deck (null when missing). */
export const pitchDeckQueries = {
  list: () => queryOptions({ queryKey: queryKeys.pitchDecks.list(), queryFn: async () => unwrap(await listDecks(supabase)) }),
  detail: (id: string) =>
    queryOptions({ queryKey: queryKeys.pitchDecks.detail(id), queryFn: async () => unwrap(await getDeck(supabase, id)) }),
};
