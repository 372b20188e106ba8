/**
 * Opening and closing the side panel (Chrome's sidePanel, Firefox's sidebar_action). Chrome can
 * only open a panel in answer to a user gesture (toolbar popup click, context menu, keyboard
 * command), and the gesture ends at the first `await` — so opening is always the first, synchronous
 * call in a handler. Which windows have the panel open is known from the panel pages themselves:
 * each connects a port named `PANEL_PORT_PREFIX + windowId` and the background keeps the ports.
 */

export const PANEL_PORT_PREFIX = 'ai-vault-panel:';
/** The manifest command that opens and closes the panel (Chrome); Firefox uses _execute_sidebar_action. */
export const TOGGLE_PANEL_COMMAND = 'toggle-side-panel';

interface PanelPort {
  name: string;
  postMessage(message: { type: 'close' }): void;
  onDisconnect: { addListener(cb: () => void): void };
}

/** What opening needs of the browser: Chrome's sidePanel.open or Firefox's sidebarAction.open. */
export interface PanelOpeners {
  sidePanelOpen?: (options: { windowId: number }) => Promise<void>;
  sidebarOpen?: () => Promise<void>;
  sidebarToggle?: () => Promise<void>;
}

export interface PanelControl {
  /** Call from `runtime.onConnect`: remembers the panel of a window while its page is open. */
  onConnect(port: PanelPort): void;
  isOpen(windowId: number): boolean;
  /** Opens the panel (call synchronously from the user's gesture). */
  open(windowId: number | undefined): Promise<void>;
  /** Closes it if open, opens it otherwise (the keyboard command). */
  toggle(windowId: number | undefined): Promise<void>;
}

export function createPanelControl(openers: PanelOpeners): PanelControl {
  const ports = new Map<number, PanelPort>();
  const open = (windowId: number | undefined): Promise<void> => {
    if (openers.sidePanelOpen && windowId !== undefined) return openers.sidePanelOpen({ windowId });
    if (openers.sidebarOpen) return openers.sidebarOpen();
    return Promise.resolve();
  };
  return {
    onConnect(port) {
      if (!port.name.startsWith(PANEL_PORT_PREFIX)) return;
      const windowId = Number(port.name.slice(PANEL_PORT_PREFIX.length));
      if (!Number.isInteger(windowId)) return;
      ports.set(windowId, port);
      port.onDisconnect.addListener(() => {
        if (ports.get(windowId) === port) ports.delete(windowId);
      });
    },
    isOpen: (windowId) => ports.has(windowId),
    open,
    toggle(windowId) {
      if (openers.sidebarToggle) return openers.sidebarToggle();
      const port = windowId === undefined ? undefined : ports.get(windowId);
      if (port) {
        port.postMessage({ type: 'close' });
        return Promise.resolve();
      }
      return open(windowId);
    },
  };
}
