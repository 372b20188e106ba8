import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PITCH_DECK_TEXTS } from '@/shared/core/pitchDeck/texts.ts';
import { deleteDeck, getDeck, listDecks, renameDeck, saveDeck, type DeckSummary, type DeckToSave } from '@/shared/data/pitchDecks.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's saved pitch decks (last changed first), and one whole deck (null when missing). */
export const pitchDeckQueries = {
  list: () => queryOptions({ queryKey: queryKeys.pitchDecks.list(), queryFn: async () => unwrap(await listDecks(supabase)) }),
  detail: (id: string) =>
    queryOptions({ queryKey: queryKeys.pitchDecks.detail(id), queryFn: async () => unwrap(await getDeck(supabase, id)) }),
};

/** Saves the deck being edited (new, or over its saved version); the saved decks are read again. */
export function useSaveDeckMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (deck: DeckToSave) => unwrap(await saveDeck(supabase, deck)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pitchDecks.all });
      notify({ title: PITCH_DECK_TEXTS.saved, description: `"${saved.title}" is in your saved decks.` });
    },
    onError: (error) => notify({ title: 'Error saving deck', description: error.message, variant: 'destructive' }),
  });
}

/** Renames a saved deck; the saved decks are read again. */
export function useRenameDeckMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ deck, title }: { deck: DeckSummary; title: string }) => unwrap(await renameDeck(supabase, deck.id, title)),
    onSuccess: (_done, { deck, title }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pitchDecks.all });
      notify({ title: PITCH_DECK_TEXTS.renamed, description: `"${deck.title}" is now "${title.trim()}".` });
    },
    onError: (error) => notify({ title: 'Error renaming deck', description: error.message, variant: 'destructive' }),
  });
}

/** Deletes a saved deck and takes it out of the cached list (no second read). */
export function useDeleteDeckMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (deck: DeckSummary) => unwrap(await deleteDeck(supabase, deck.id)),
    onSuccess: (_deleted, deck) => {
      queryClient.setQueryData(pitchDeckQueries.list().queryKey, (decks) => decks?.filter((d) => d.id !== deck.id));
      notify({ title: PITCH_DECK_TEXTS.deleted, description: `"${deck.title}" was deleted.` });
    },
    onError: (error) => notify({ title: 'Error deleting deck', description: error.message, variant: 'destructive' }),
  });
}
