import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_PANEL_PREFS, extItems } from '@/extension/lib/items.ts';
import {
  ACCESS_REFUSED_MESSAGE,
  activeTab,
  readPage,
  requestSiteAccess,
  watchActiveTab,
  type PageRead,
  type TabInfo,
} from '@/extension/lib/tabs.ts';
import { useStoredItem } from './useStoredItem.ts';

/**
 * The tab beside the panel and its page variables. The panel follows the active tab of its
 * window (tabs.onActivated / onUpdated); the page itself is read only while a view needs it
 * (a prompt with page variables, "Offer from this page"), with the text cut to the size chosen
 * in Settings.
 */

export interface PageState {
  tab: TabInfo | null;
  /** null until read (or while nothing needs the page). */
  read: PageRead | null;
  reading: boolean;
  /** The size {{page}} is cut to. */
  limit: number;
  /** Reads the page again (after the user changed it, or granted access). */
  refresh(): Promise<PageRead | null>;
  /** "Read this page": asks for access to the tab's site, then reads. Call from the click. */
  requestAccess(): Promise<PageRead | null>;
  /** A view that needs the page text; returns the release. */
  need(): () => void;
}

const PageContextValue = createContext<PageState | null>(null);

export function usePage(): PageState {
  const value = useContext(PageContextValue);
  if (!value) throw new Error('usePage() outside <PageProvider>');
  return value;
}

/** Marks the page as needed while the calling view is mounted (and `needed` is true). */
export function useNeedPage(needed: boolean): PageState {
  const page = usePage();
  const { need } = page;
  useEffect(() => (needed ? need() : undefined), [needed, need]);
  return page;
}

export function PageProvider({ windowId, children }: { windowId: number | null; children: ReactNode }) {
  const prefs = useStoredItem(extItems.panelPrefs, DEFAULT_PANEL_PREFS);
  const [tab, setTab] = useState<TabInfo | null>(null);
  const [read, setRead] = useState<PageRead | null>(null);
  const [reading, setReading] = useState(false);
  const [needs, setNeeds] = useState(0);
  const latest = useRef(0);

  const readNow = useCallback(
    async (target: TabInfo | null): Promise<PageRead | null> => {
      const ticket = ++latest.current;
      if (!target) {
        setRead(null);
        return null;
      }
      setReading(true);
      const result = await readPage(target, prefs.pageTextLimit);
      if (ticket === latest.current) {
        setRead(result);
        setReading(false);
      }
      return result;
    },
    [prefs.pageTextLimit],
  );

  // Follow the active tab of this window.
  useEffect(() => {
    if (windowId === null) return;
    let alive = true;
    const update = () =>
      void activeTab().then((next) => {
        if (!alive) return;
        setTab((current) =>
          current &&
          next &&
          current.id === next.id &&
          current.url === next.url &&
          current.title === next.title &&
          current.status === next.status
            ? current
            : next,
        );
      });
    update();
    const unwatch = watchActiveTab(windowId, update);
    return () => {
      alive = false;
      unwatch();
    };
  }, [windowId]);

  // Read the page when a view needs it, the tab changes or the size limit changes.
  const tabKey = tab ? `${tab.id}|${tab.url}|${tab.status}` : '';
  const tabRef = useRef(tab);
  tabRef.current = tab;
  useEffect(() => {
    if (needs > 0) void readNow(tabRef.current);
    else setRead(null);
  }, [needs, tabKey, readNow]);

  const need = useCallback(() => {
    setNeeds((n) => n + 1);
    return () => setNeeds((n) => n - 1);
  }, []);

  const value = useMemo<PageState>(
    () => ({
      tab,
      read,
      reading,
      limit: prefs.pageTextLimit,
      refresh: () => readNow(tabRef.current),
      requestAccess: async () => {
        const current = tabRef.current;
        if (!current) return null;
        // First call in the click: the permission prompt needs the user's gesture.
        const granted = await requestSiteAccess(current.url).catch(() => false);
        if (granted) return readNow(current);
        const refused: PageRead = { ok: false, reason: 'noAccess', message: ACCESS_REFUSED_MESSAGE };
        setRead(refused);
        return refused;
      },
      need,
    }),
    [tab, read, reading, prefs.pageTextLimit, readNow, need],
  );
  return <PageContextValue.Provider value={value}>{children}</PageContextValue.Provider>;
}
