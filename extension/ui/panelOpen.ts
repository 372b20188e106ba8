import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

/**
 * Opening the side panel from the popup: Chrome's sidePanel.open needs the window id at click time
 * (the call must be synchronous in the click, so it is looked up beforehand); Firefox opens its
 * sidebar.
 */

type SidebarAction = { open(): Promise<void> };

export function useOpenPanel(): { ready: boolean; open: () => Promise<void> } {
  const [windowId, setWindowId] = useState<number | null>(null);
  useEffect(() => {
    void browser.windows.getCurrent().then((w) => setWindowId(w.id ?? null));
  }, []);
  const sidePanel = (browser as { sidePanel?: typeof browser.sidePanel }).sidePanel;
  const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  return {
    ready: sidePanel ? windowId !== null : Boolean(sidebar),
    open: () => {
      if (sidePanel && windowId !== null) return sidePanel.open({ windowId });
      if (sidebar) return sidebar.open();
      return Promise.resolve();
    },
  };
}
