import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import { deleteDeck, renameDeck, type DeckSummary, type SavedDeck } from '@/shared/data/pitchDecks.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { pitchDeckQueries } from '@/web/queries/pitchDecks.ts';

/** The signed-in user's saved decks (last changed first): open, rename, delete. */
export function useSavedDecks() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(pitchDeckQueries.list());

  /** The whole deck, or null with a toast saying why. */
  const load = useCallback(
    async (id: string): Promise<SavedDeck | null> => {
      try {
        const deck = await queryClient.fetchQuery({ ...pitchDeckQueries.detail(id), staleTime: 0 });
        if (!deck) notify({ title: 'Error opening deck', description: T.notFound, variant: 'destructive' });
        return deck;
      } catch (error) {
        notify({
          title: 'Error opening deck',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
        return null;
      }
    },
    [notify, queryClient],
  );

  const rename = useCallback(
    async (deck: DeckSummary, title: string): Promise<boolean> => {
      const result = await renameDeck(supabase, deck.id, title);
      if (result.error) {
        notify({ title: 'Error renaming deck', description: result.error.message, variant: 'destructive' });
        return false;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.pitchDecks.all });
      notify({ title: T.renamed, description: `"${deck.title}" is now "${title.trim()}".` });
      return true;
    },
    [notify, queryClient],
  );

  const remove = useCallback(
    async (deck: DeckSummary): Promise<boolean> => {
      const result = await deleteDeck(supabase, deck.id);
      if (result.error) {
        notify({ title: 'Error deleting deck', description: result.error.message, variant: 'destructive' });
        return false;
      }
      queryClient.setQueryData(pitchDeckQueries.list().queryKey, (decks) => decks?.filter((d) => d.id !== deck.id));
      notify({ title: T.deleted, description: `"${deck.title}" was deleted.` });
      return true;
    },
    [notify, queryClient],
  );

  return { query, load, rename, remove };
}
