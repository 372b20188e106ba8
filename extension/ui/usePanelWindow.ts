import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { PANEL_PORT_PREFIX } from '@/extension/lib/panelControl.ts';

/**
 * The window this panel belongs to, and its line to the background: the background knows the
 * panel is open while the port is connected, and asks it to close (the keyboard command toggles).
 * The port is re-opened if the service worker restarts.
 */
export function usePanelWindow(): number | null {
  const [windowId, setWindowId] = useState<number | null>(null);
  useEffect(() => {
    let alive = true;
    let port: ReturnType<typeof browser.runtime.connect> | null = null;
    const connect = (id: number) => {
      if (!alive) return;
      port = browser.runtime.connect({ name: `${PANEL_PORT_PREFIX}${id}` });
      port.onMessage.addListener((message: { type?: string }) => {
        if (message?.type === 'close') window.close();
      });
      port.onDisconnect.addListener(() => {
        port = null;
        setTimeout(() => connect(id), 500);
      });
    };
    void browser.windows.getCurrent().then((current) => {
      if (!alive || current.id === undefined) return;
      setWindowId(current.id);
      connect(current.id);
    });
    return () => {
      alive = false;
      port?.disconnect();
    };
  }, []);
  return windowId;
}
