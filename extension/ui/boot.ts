import { listFolderContents, type FolderContents } from '@/shared/data/promptLibrary/library.ts';
import { fail, type DataResult } from '@/shared/data/result.ts';
import { extItems } from '@/extension/lib/items.ts';
import { librarySnapshot, readLibrarySnapshot, type LibrarySnapshot } from '@/extension/lib/librarySnapshot.ts';
import { sendMessage, type AuthState, type AuthUser } from '@/extension/lib/messaging.ts';
import { extData, primeExtToken } from './extClient.ts';
import type { FirstDrawStart } from './firstDraw.ts';

/**
 * Work the side panel starts while its page is still booting (called before React renders):
 * - what extension storage remembers: the signed-in indicator and the library root as the panel
 *   last showed it — enough to draw the first view at once (read already by the plain first draw);
 * - the account from the background and, when signed in, the library's first page from the
 *   server, which then replace what was remembered.
 * The views take these results instead of asking again.
 */

type Session = { state: AuthState; accessToken: string | null };

/** What storage remembers: the account last signed in, and its library root (only if it is that account's). */
export interface RememberedStart {
  user: AuthUser | null;
  library: LibrarySnapshot | null;
}

let remembered: Promise<RememberedStart> | null = null;
/** The remembered start once read (synchronous access for the first render of the library). */
let rememberedNow: RememberedStart | null = null;
let session: Promise<Session> | null = null;
let root: Promise<DataResult<FolderContents>> | null = null;

/** `known`: what the plain first draw read from storage already (then it is not read again). */
export function startPanelBoot(rootPageSize: number, known: FirstDrawStart | null = null): void {
  if (known) rememberedNow = known;
  remembered = known
    ? Promise.resolve(known)
    : Promise.all([extItems.supabaseUser.getValue(), extItems.panelLibrary.getValue()])
        .then(([user, library]) => ({
          user: user ? { id: user.id, email: user.email ?? '' } : null,
          library: readLibrarySnapshot(library, user?.id),
        }))
        .catch(() => ({ user: null, library: null }))
        .then((start) => (rememberedNow = start));
  session = sendMessage('auth:session');
  root = session.then(async ({ state, accessToken }) => {
    if (!state.user || state.needsSecondFactor) return fail({ message: 'signed out', code: 'signed_out' }, 'refused');
    primeExtToken(accessToken);
    return listFolderContents(await extData(), null, 'name_asc', { limit: rootPageSize });
  });
}

/** The remembered start (once), or null when the panel did not boot through startPanelBoot. */
export function takeRememberedStart(): Promise<RememberedStart> | null {
  const started = remembered;
  remembered = null;
  return started;
}

/** The remembered start if it is known already (the first render can use it). */
export const rememberedStartNow = (): RememberedStart | null => rememberedNow;

/** The remembered library root for this account, if storage had it. */
export function rememberedLibrary(userId: string): LibrarySnapshot | null {
  const library = rememberedNow?.library;
  return library && library.userId === userId ? library : null;
}

/** The account answer started at boot (once), else a fresh one. */
export function takeBootSession(): Promise<Session> {
  const started = session;
  session = null;
  return started ?? sendMessage('auth:session');
}

/** The library root's first page started at boot (once), or null. */
export function takeBootRoot(): Promise<DataResult<FolderContents>> | null {
  const started = root;
  root = null;
  return started;
}

/** Remembers the library root shown to this account (bounded: librarySnapshot.ts), for the next time the panel opens. */
export function rememberLibrary(user: AuthUser, contents: Pick<LibrarySnapshot, 'folders' | 'prompts' | 'total'>): void {
  const snapshot = librarySnapshot(user, contents, new Date());
  if (rememberedNow) rememberedNow = { user, library: snapshot };
  void extItems.panelLibrary.setValue(snapshot).catch(() => undefined);
}
