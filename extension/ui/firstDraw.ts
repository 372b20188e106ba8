import { browser } from 'wxt/browser';
import { readLibrarySnapshot, type LibrarySnapshot } from '@/extension/lib/librarySnapshot.ts';
import { COLOR_MODE_STORAGE_KEY } from '@/shared/ui/colorModeKey.ts';
import { firstView } from './firstDrawView.ts';
import { markPanel, PANEL_MARKS } from './panelMarks.ts';
import './firstDraw.css';

/**
 * The side panel's first draw, before React, MUI and supabase-js have loaded: the account and
 * library as extension storage remembers them, drawn in plain DOM (firstDrawView.ts) beside the
 * app's root, which stays invisible. When the app has drawn the same view it calls
 * finishFirstDraw(): in one frame the plain view goes and the app shows, with what the user typed
 * and focused there, and the last control clicked there is clicked in the app.
 */

/** What storage remembered when the panel opened. */
export interface FirstDrawStart {
  user: { id: string; email: string } | null;
  library: LibrarySnapshot | null;
}

const PLAIN_ID = 'first-draw';
/** The app's root waits under this class until it takes over (laid out, so it measures right, but unseen). */
const WAITING = 'fd-waiting';

/** The key of the last control clicked in the plain view. */
let queued: string | null = null;

/** The light or dark scheme in effect: the one chosen in the app, else the system's (as MUI resolves it). */
function colourMode(): 'light' | 'dark' {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
  } catch {
    // Storage may be unavailable; the system's scheme applies.
  }
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

async function readStart(): Promise<FirstDrawStart> {
  try {
    const stored = await browser.storage.local.get(['supabaseUser', 'panel_library']);
    const user = stored.supabaseUser as { id?: unknown; email?: unknown } | null | undefined;
    if (!user || typeof user.id !== 'string') return { user: null, library: null };
    const account = { id: user.id, email: typeof user.email === 'string' ? user.email : '' };
    return { user: account, library: readLibrarySnapshot(stored.panel_library, account.id) };
  } catch {
    return { user: null, library: null };
  }
}

/** Reads storage and draws the first view just before the app's root (which waits unseen); resolves with what storage held. */
export async function drawFirstView(appRoot: HTMLElement): Promise<FirstDrawStart> {
  // Storage answers through the browser process: ask first, and set up the page meanwhile.
  const reading = readStart();
  appRoot.classList.add(WAITING);
  const mode = colourMode();
  document.documentElement.classList.add(mode);
  const start = await reading;
  markPanel(PANEL_MARKS.storageRead);
  const view = firstView(start.user ? { kind: 'signedIn', email: start.user.email, library: start.library } : { kind: 'signedOut' }, mode);
  view.id = PLAIN_ID;
  view.addEventListener('click', (event) => {
    const control = (event.target as Element).closest<HTMLElement>('[data-fd]');
    if (control && !(control instanceof HTMLInputElement)) queued = control.dataset.fd ?? null;
  });
  view.addEventListener('submit', (event) => {
    event.preventDefault();
    queued = 'sign-in';
  });
  appRoot.before(view);
  markPanel(PANEL_MARKS.firstDraw);
  return start;
}

const byKey = (root: ParentNode, key: string) =>
  [...root.querySelectorAll<HTMLElement>('[data-fd]')].find((el) => el.dataset.fd === key) ?? null;

/** Types a value into a React-controlled input the way the browser does, so its onChange runs. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The app shows the view the plain one drew: swap them in this frame (call from a layout effect),
 * carrying over typed values, focus and caret, then replay the last click once the app has
 * re-rendered with those values. Does nothing once done.
 */
export function finishFirstDraw(appRoot: HTMLElement | null = document.getElementById('root')): void {
  const plain = document.getElementById(PLAIN_ID);
  appRoot?.classList.remove(WAITING);
  if (!plain || !appRoot) return;
  const active = document.activeElement instanceof HTMLElement && plain.contains(document.activeElement) ? document.activeElement : null;
  const values = [...plain.querySelectorAll<HTMLInputElement>('input[data-fd]')].filter((input) => input.value);
  plain.remove();
  markPanel(PANEL_MARKS.appTookOver);
  for (const input of values) {
    const twin = byKey(appRoot, input.dataset.fd!);
    if (twin instanceof HTMLInputElement) typeInto(twin, input.value);
  }
  if (active?.dataset.fd) {
    const twin = byKey(appRoot, active.dataset.fd);
    twin?.focus();
    if (twin instanceof HTMLInputElement && active instanceof HTMLInputElement && twin.type !== 'email') {
      twin.setSelectionRange(active.selectionStart, active.selectionEnd);
    }
  }
  const click = queued;
  queued = null;
  if (click) replayClick(appRoot, click);
}

/** Clicks the app's twin of a control clicked in the plain view (rows past the first paint appear a moment later). */
function replayClick(appRoot: HTMLElement, key: string, attempts = 30): void {
  setTimeout(() => {
    const twin = byKey(appRoot, key);
    if (twin) twin.click();
    else if (attempts > 0) replayClick(appRoot, key, attempts - 1);
  }, 16);
}
