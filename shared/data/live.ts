import type { AppClient } from './supabase.ts';

/**
 * Tables the apps follow live (published to Realtime by migration 20261128000100_realtime_live_tables.sql),
 * each with its owner column: a subscriber asks for its own rows only, and row-level security
 * keeps everyone else's away in any case.
 */
export const LIVE_TABLES = ['saved_prompts', 'prompt_folders', 'prompt_runs', 'offers', 'workflow_runs', 'workflow_run_steps'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

/** connecting: not yet (or no longer) following; live: every change arrives; interrupted: changes may have been missed. */
export type LiveStatus = 'connecting' | 'live' | 'interrupted';

export interface LiveHandlers {
  /** A row of `table` was inserted, updated or deleted. A delete names no owner (only its key), so deletes of any owner arrive. */
  onChange(table: LiveTable): void;
  onStatus?(status: LiveStatus): void;
}

/**
 * Follows changes to the user's rows in `tables` on one channel. Realtime reconnects by itself
 * after a dropped connection; `interrupted` then `live` again tells the caller to read everything
 * afresh. Returns the function that stops following.
 */
export function followOwnChanges(client: AppClient, userId: string, tables: readonly LiveTable[], handlers: LiveHandlers): () => void {
  const channel = client.channel(`live:${userId}:${Math.random().toString(36).slice(2)}`);
  for (const table of tables) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table, filter: `user_id=eq.${userId}` }, () => handlers.onChange(table));
  }
  handlers.onStatus?.('connecting');
  let stopped = false;
  // The join must carry the user's token, else Realtime checks row access as anon and sends
  // nothing. A client whose token comes from a callback (the extension's) may not have asked for
  // it yet: asking now (setAuth without a token) also lets later heartbeats refresh it.
  void client.realtime
    .setAuth()
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') handlers.onStatus?.('live');
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') handlers.onStatus?.('interrupted');
      });
    });
  return () => {
    stopped = true;
    void client.removeChannel(channel);
  };
}
