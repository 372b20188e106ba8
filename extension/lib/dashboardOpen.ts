import type { AppClient } from '@/shared/data/supabase.ts';
import { joinUrl } from '@/shared/core/config.ts';
import { handoffUrl } from '@/shared/core/handoff.ts';
import { safeNextPath } from '@/shared/core/routes.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import type { DashboardOpenResult } from './messaging.ts';
import { errorMessage } from '@/shared/core/text.ts';

/** The extension's side of the session handoff (shared/core/handoff.ts): opening the dashboard signed in. */

export interface OpenDashboardDeps {
  supabase: AppClient;
  dashboardUrl: string;
  openTab: (url: string) => Promise<unknown>;
}

const messageOf = (error: unknown): string => errorMessage(error);

/**
 * Opens a dashboard path: signed in through the handoff when the extension has a full session,
 * otherwise the plain page (the dashboard asks the visitor to sign in). A failed token request
 * still opens the page, and says why it is not signed in.
 */
export async function openDashboard({ supabase, dashboardUrl, openTab }: OpenDashboardDeps, rawPath: string): Promise<DashboardOpenResult> {
  const path = safeNextPath(rawPath) ?? '/dashboard';
  const plainUrl = joinUrl(dashboardUrl, path);
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session || needsSecondFactor(session)) {
    await openTab(plainUrl);
    return { ok: true, url: plainUrl, signedIn: false };
  }
  try {
    const { data: token, error } = await supabase.functions.invoke<{ token_hash?: string; email?: string }>('session-handoff', {
      method: 'POST',
    });
    if (error || !token?.token_hash) throw error ?? new Error('No sign-in token returned.');
    const url = handoffUrl(dashboardUrl, { tokenHash: token.token_hash, email: token.email ?? session.user.email ?? null, next: path });
    await openTab(url);
    return { ok: true, url: plainUrl, signedIn: true };
  } catch (error) {
    await openTab(plainUrl);
    return { ok: false, message: `Opened the dashboard without signing in: ${messageOf(error)}` };
  }
}
