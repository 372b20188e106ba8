import type { PendingRun } from './items.ts';

/**
 * The page's context menu: "Run prompt on selection" with the user's favourite prompts as its
 * submenu. Building the entries and reading a click are plain functions (unit-tested); the
 * background applies them with browser.contextMenus through the small `MenuApi` below.
 */

export const MENU_ROOT_ID = 'ai-vault-run-on-selection';
const MENU_ROOT_TITLE = 'Run prompt on selection';
export const MENU_CHOOSE_ID = 'ai-vault-choose-prompt';
const MENU_CHOOSE_TITLE = 'Choose a prompt…';
export const MENU_SIGN_IN_ID = 'ai-vault-sign-in';
export const MENU_SIGN_IN_TITLE = 'Sign in to use your prompts…';
export const MENU_EMPTY_ID = 'ai-vault-no-favorites';
export const MENU_EMPTY_TITLE = 'Star prompts in the side panel to list them here';
const MENU_SEPARATOR_ID = 'ai-vault-separator';
const PROMPT_PREFIX = 'ai-vault-prompt:';

/** Favourites listed in the submenu (a longer menu stops being quick to use). */
export const MENU_FAVORITES_LIMIT = 20;
const TITLE_MAX = 60;

export interface MenuEntry {
  id: string;
  title: string;
  parentId?: string;
  type?: 'normal' | 'separator';
  enabled?: boolean;
  contexts: ['selection'];
}

export interface FavoritePrompt {
  id: string;
  name: string;
}

/** What the background needs of browser.contextMenus. */
export interface MenuApi {
  removeAll(): Promise<void>;
  create(entry: MenuEntry): void;
}

/** Chrome shows `%s` in a title as the selection; a prompt named "50%s off" must stay as written. */
function menuTitle(name: string): string {
  const literal = name.replace(/%s/g, '% s');
  return literal.length > TITLE_MAX ? `${literal.slice(0, TITLE_MAX - 1).trimEnd()}…` : literal;
}

export function menuEntries(favorites: readonly FavoritePrompt[], signedIn: boolean): MenuEntry[] {
  const contexts: ['selection'] = ['selection'];
  const root: MenuEntry = { id: MENU_ROOT_ID, title: MENU_ROOT_TITLE, contexts };
  const child = (entry: Omit<MenuEntry, 'parentId' | 'contexts'>): MenuEntry => ({ ...entry, parentId: MENU_ROOT_ID, contexts });
  if (!signedIn) return [root, child({ id: MENU_SIGN_IN_ID, title: MENU_SIGN_IN_TITLE })];
  const listed = favorites.slice(0, MENU_FAVORITES_LIMIT).map((p) => child({ id: `${PROMPT_PREFIX}${p.id}`, title: menuTitle(p.name) }));
  return [
    root,
    ...(listed.length ? listed : [child({ id: MENU_EMPTY_ID, title: MENU_EMPTY_TITLE, enabled: false })]),
    child({ id: MENU_SEPARATOR_ID, title: '', type: 'separator' }),
    child({ id: MENU_CHOOSE_ID, title: MENU_CHOOSE_TITLE }),
  ];
}

/** The run a click queues for the side panel, or null when the click is not one of ours. */
export function pendingRunFromClick(
  info: { menuItemId: string | number; selectionText?: string },
  tabId: number | null,
  now: Date,
): PendingRun | null {
  const id = String(info.menuItemId);
  const base = { selection: info.selectionText?.trim() || null, source: 'menu' as const, tabId, createdAt: now.toISOString() };
  if (id.startsWith(PROMPT_PREFIX) && id.length > PROMPT_PREFIX.length) return { ...base, promptId: id.slice(PROMPT_PREFIX.length) };
  if (id === MENU_CHOOSE_ID || id === MENU_SIGN_IN_ID || id === MENU_ROOT_ID) return { ...base, promptId: null };
  return null;
}

/**
 * Rebuilds the menu, one rebuild at a time (a removeAll racing a create would leave duplicates
 * or "duplicate id" errors).
 */
export function createMenuBuilder(api: MenuApi, load: () => Promise<{ favorites: FavoritePrompt[]; signedIn: boolean }>) {
  let queue: Promise<number> = Promise.resolve(0);
  return function rebuild(): Promise<number> {
    queue = queue
      .catch(() => 0)
      .then(async () => {
        const { favorites, signedIn } = await load();
        await api.removeAll();
        for (const entry of menuEntries(favorites, signedIn)) api.create(entry);
        return signedIn ? Math.min(favorites.length, MENU_FAVORITES_LIMIT) : 0;
      });
    return queue;
  };
}
