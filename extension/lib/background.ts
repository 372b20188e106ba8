import type { AppClient } from '@/shared/data/supabase.ts';
import { adoptKeyOwner, clearLocalProviderKeys, loadProviderKeys } from '@/shared/data/providerKeys.ts';
import * as auth from './auth.ts';
import { extItems, extTypedStorage } from './items.ts';
import { onMessage } from './messaging.ts';
import { HANDOFF_REFUSED, mayHandOffSession, type TrustedSenders } from './senders.ts';

/**
 * The background's message handlers and session bookkeeping, registered in one synchronous call
 * from the service worker's entry so Chrome can wake the worker for any of them.
 */

export interface BackgroundDeps {
  supabase: AppClient;
  version: string;
  /** browser.identity.launchWebAuthFlow, interactive. */
  launchWebAuthFlow: (url: string) => Promise<string | undefined>;
  /** browser.identity.getRedirectURL(). */
  oauthRedirectUrl: () => string;
  /** Who may hand the extension a session ('auth:handoff'): its own pages and the dashboard bridge. */
  handoffSenders: TrustedSenders;
}

export function registerBackground({ supabase, version, launchWebAuthFlow, oauthRedirectUrl, handoffSenders }: BackgroundDeps): void {
  onMessage('app:status', () => ({ ok: true as const, version }));
  onMessage('auth:state', () => auth.currentState(supabase));
  onMessage('auth:session', () => auth.sessionSnapshot(supabase));
  onMessage('auth:accessToken', () => auth.accessToken(supabase));
  onMessage('auth:signIn', ({ data }) => auth.signIn(supabase, data.email, data.password));
  onMessage('auth:verifyTotp', ({ data }) => auth.verifyTotp(supabase, data.code));
  onMessage('auth:google', () => auth.signInWithGoogle(supabase, launchWebAuthFlow, oauthRedirectUrl()));
  onMessage('auth:signOut', () => auth.signOut(supabase));
  onMessage('auth:handoff', ({ data, sender }) =>
    mayHandOffSession(sender, handoffSenders) ? auth.signInWithHandoff(supabase, data.tokenHash) : HANDOFF_REFUSED,
  );

  // The signed-in indicator other contexts watch, and the keys, kept in step with session events:
  // signed in → the cloud record's keys come into extension storage; signed out → keys leave it.
  supabase.auth.onAuthStateChange((event, session) => {
    // supabase-js holds its auth lock while calling back: the follow-up calls run after it.
    setTimeout(() => void onAuthEvent(event, session?.user ? { id: session.user.id, email: session.user.email ?? '' } : null), 0);
  });

  async function onAuthEvent(event: string, user: { id: string; email: string } | null) {
    // Keys stored before their owner was recorded belong to the session the worker starts with.
    if (event === 'INITIAL_SESSION') await adoptKeyOwner(extTypedStorage, user?.id ?? null);
    if (event === 'SIGNED_OUT') {
      await clearLocalProviderKeys(extTypedStorage);
      await extItems.supabaseUser.removeValue();
      await extItems.panelLibrary.removeValue();
      await extItems.recentPrompts.removeValue();
      return;
    }
    if (!user) return;
    const known = await extItems.supabaseUser.getValue();
    if (known?.id !== user.id) await extItems.supabaseUser.setValue(user);
    if (event === 'SIGNED_IN' && known?.id !== user.id) {
      await loadProviderKeys({ storage: extTypedStorage, client: supabase, userId: user.id });
    }
  }
}
