import { defineExtensionMessaging } from '@webext-core/messaging';
import type { PickedRegion } from './regionPick.ts';

/**
 * The one typed message map between the extension's contexts (background, side panel, popup,
 * content scripts), over @webext-core/messaging. The background owns the Supabase session:
 * the other contexts never refresh tokens, they ask for them here.
 */

export interface AuthUser {
  id: string;
  email: string;
}

/** What the panel and popup need to know about the account. */
export interface AuthState {
  user: AuthUser | null;
  /** Signed in with a password but a TOTP code is still needed (aal1 → aal2). */
  needsSecondFactor: boolean;
}

export type AuthResult = { ok: true; state: AuthState } | { ok: false; title: string; message: string };

/** The page the user is looking at, for the prompt's page variables. */
export interface PageContext {
  url: string;
  title: string;
  selection: string;
  /** Main text (Readability), cut to the requested size. */
  text: string;
  /** The text was longer than the requested size and was cut. */
  truncated: boolean;
  /** Length of the whole main text, before cutting. */
  fullLength: number;
  /** The transcript of a YouTube watch page, when it has one. */
  transcript: string | null;
  /** On a watch page without a readable transcript: the sentence saying so (null elsewhere). */
  transcriptNote: string | null;
}

export type InsertResult = { inserted: true } | { inserted: false; reason: string };

/** Opening a dashboard page from the extension (signed in there too when the extension is). */
export type DashboardOpenResult = { ok: true; url: string; signedIn: boolean } | { ok: false; message: string };

export interface ProtocolMap {
  /** Background health check. */
  'app:status'(): { ok: true; version: string };

  'auth:state'(): AuthState;
  /** The state and a valid access token in one answer (what a panel or popup needs at start). */
  'auth:session'(): { state: AuthState; accessToken: string | null };
  /** A valid access token (refreshed by the background when close to expiry), or null when signed out. */
  'auth:accessToken'(): string | null;
  'auth:signIn'(data: { email: string; password: string }): AuthResult;
  'auth:verifyTotp'(data: { code: string }): AuthResult;
  'auth:google'(): AuthResult;
  'auth:signOut'(): AuthResult;
  /** From the dashboard, through the content script's bridge: a one-time token for this user's own session. */
  'auth:handoff'(data: { tokenHash: string }): AuthResult;

  /**
   * Opens a dashboard path in a new tab; when signed in, through /auth/handoff with a one-time token
   * (session-handoff) so the dashboard is signed in as the same user.
   */
  'dashboard:open'(data: { path: string }): DashboardOpenResult;
  /** Rebuilds the context menu's favourite prompts (after the panel starred or unstarred one). */
  'menu:refresh'(): { favorites: number };

  /** Content script: the page's context for page variables. */
  'page:context'(data: { maxChars: number }): PageContext;
  /** Content script: insert text into the focused editable field (input, textarea, contenteditable). */
  'page:insert'(data: { text: string }): InsertResult;
  /** Content script: the user drags a rectangle on the page (null: cancelled). */
  'page:pickRegion'(): PickedRegion | null;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
