import type { AppClient } from '@/shared/data/supabase.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import { createMenuBuilder, MENU_FAVORITES_LIMIT, pendingRunFromClick, type FavoritePrompt, type MenuApi } from './contextMenu.ts';
import { listFavoritePrompts } from './favorites.ts';
import { openDashboard } from './dashboardOpen.ts';
import { extItems } from './items.ts';
import { onMessage } from './messaging.ts';
import { TOGGLE_PANEL_COMMAND, type PanelControl } from './panelControl.ts';

/**
 * The background's side-panel features: the context menu of favourite prompts, the keyboard
 * command, opening the dashboard signed in. The entry point passes browser events to the returned
 * handlers synchronously (MV3 wakes the worker only for listeners added at start).
 */

export interface PanelFeatureDeps {
  supabase: AppClient;
  dashboardUrl: string;
  openTab: (url: string) => Promise<unknown>;
  menus: MenuApi;
  panel: PanelControl;
  now?: () => Date;
}

export interface PanelFeatures {
  rebuildMenu(): Promise<number>;
  onMenuClick(info: { menuItemId: string | number; selectionText?: string }, tab?: { id?: number; windowId?: number }): void;
  onCommand(command: string, tab?: { windowId?: number }): void;
}

export function registerPanelFeatures({
  supabase,
  dashboardUrl,
  openTab,
  menus,
  panel,
  now = () => new Date(),
}: PanelFeatureDeps): PanelFeatures {
  const loadFavorites = async (): Promise<{ favorites: FavoritePrompt[]; signedIn: boolean }> => {
    const { data } = await supabase.auth.getSession();
    if (!data.session || needsSecondFactor(data.session)) return { favorites: [], signedIn: false };
    const result = await listFavoritePrompts(supabase, MENU_FAVORITES_LIMIT);
    return { favorites: (result.data ?? []).map(({ id, name }) => ({ id, name })), signedIn: true };
  };
  const rebuildMenu = createMenuBuilder(menus, loadFavorites);
  const logged = (what: string) => (error: unknown) => console.warn(`[AI Vault] ${what} failed`, error);

  onMessage('dashboard:open', ({ data }) => openDashboard({ supabase, dashboardUrl, openTab }, data.path));
  onMessage('menu:refresh', async () => ({ favorites: await rebuildMenu() }));

  supabase.auth.onAuthStateChange((event) => {
    if (event !== 'SIGNED_IN' && event !== 'SIGNED_OUT' && event !== 'MFA_CHALLENGE_VERIFIED') return;
    // supabase-js holds its auth lock while calling back: the menu's own session read runs after it.
    setTimeout(() => void rebuildMenu().catch(logged('context menu rebuild')), 0);
  });

  return {
    rebuildMenu,
    onMenuClick(info, tab) {
      const run = pendingRunFromClick(info, tab?.id ?? null, now());
      if (!run) return;
      // First, while the click still counts as the user's gesture.
      panel.open(tab?.windowId).catch(logged('opening the side panel'));
      void extItems.pendingRun.setValue(run);
    },
    onCommand(command, tab) {
      if (command === TOGGLE_PANEL_COMMAND) panel.toggle(tab?.windowId).catch(logged('toggling the side panel'));
    },
  };
}
