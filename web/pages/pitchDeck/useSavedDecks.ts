import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import type { DeckSummary, SavedDeck } from '@/shared/data/pitchDecks.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { pitchDeckQueries, useDeleteDeckMutation, useRenameDeckMutation } from '@/web/queries/pitchDecks.ts';
import { errorMessage } from '@/shared/core/text.ts';

/** The signed-in user's saved decks (last changed first): open, rename, delete. */
export function useSavedDecks() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(pitchDeckQueries.list());
  const { mutateAsync: renameDeck, isPending: renaming } = useRenameDeckMutation();
  const { mutateAsync: deleteDeck } = useDeleteDeckMutation();

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
          description: errorMessage(error),
          variant: 'destructive',
        });
        return null;
      }
    },
    [notify, queryClient],
  );

  /** Whether the deck was renamed (a failure gets the 'Error renaming …' toast). */
  const rename = useCallback(
    (deck: DeckSummary, title: string): Promise<boolean> =>
      renameDeck({ deck, title }).then(
        () => true,
        () => false,
      ),
    [renameDeck],
  );

  /** Whether the deck is gone (a failure gets the 'Error deleting …' toast). */
  const remove = useCallback(
    (deck: DeckSummary): Promise<boolean> =>
      deleteDeck(deck).then(
        () => true,
        () => false,
      ),
    [deleteDeck],
  );

  return { query, load, rename, renaming, remove };
}
