import { useCallback, useEffect, useState } from 'react';
import { deleteOffer, duplicateOffer, getOffer, listOffers, renameOffer, type OfferSummary } from '../../../shared/data/offers.ts';
import { useNotify } from '../../../shared/ui/notices.tsx';
import { supabase } from '../../lib/supabase.ts';

export type SavedOffersState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; offers: OfferSummary[] };

/** The user's saved offers (table offers): the list, and rename, duplicate, delete with their notices. */
export function useSavedOffers() {
  const notify = useNotify();
  const [state, setState] = useState<SavedOffersState>({ status: 'loading' });

  /** Reads the list; `quiet` keeps the current list on screen meanwhile (after a save). */
  const load = useCallback(async (quiet = false) => {
    if (!quiet) setState({ status: 'loading' });
    const result = await listOffers(supabase);
    if (result.error) {
      if (quiet) notify({ title: 'Error fetching offers', description: result.error.message, variant: 'destructive' });
      else setState({ status: 'error', message: result.error.message });
      return;
    }
    setState({ status: 'ready', offers: result.data });
  }, [notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const fail = (title: string, message: string) => notify({ title, description: message, variant: 'destructive' });

  return {
    state,
    reload: () => load(),
    refresh: () => load(true),
    /** The validation message under the field, or null when renamed. */
    async rename(id: string, title: string): Promise<string | null> {
      const found = await getOffer(supabase, id);
      if (found.error || !found.data) return found.error ? found.error.message : 'That offer no longer exists.';
      const result = await renameOffer(supabase, found.data, title);
      if (result.error) return result.error.message;
      notify({ title: 'Offer renamed', description: `It is now "${result.data.framework.title}".` });
      await load(true);
      return null;
    },
    async duplicate(summary: OfferSummary): Promise<void> {
      const result = await duplicateOffer(supabase, summary.id);
      if (result.error) return fail('Error duplicating offer', result.error.message);
      notify({ title: 'Offer duplicated', description: `"${result.data.framework.title}" was added to your saved offers.` });
      await load(true);
    },
    async remove(summary: OfferSummary): Promise<boolean> {
      const { error } = await deleteOffer(supabase, summary.id);
      if (error) {
        fail('Error deleting offer', error.message);
        return false;
      }
      setState((now) => (now.status === 'ready' ? { ...now, offers: now.offers.filter((o) => o.id !== summary.id) } : now));
      notify({ title: 'Offer deleted', description: `"${summary.title}" was deleted.` });
      return true;
    },
  };
}
