/**
 * Performance marks the side panel sets on its way to a usable view, so a benchmark (or DevTools'
 * Performance panel) can split the time from navigation start: script running, storage read,
 * plain first view in the DOM, app in place of it. Each is set once per page load.
 */
export const PANEL_MARKS = {
  scriptStart: 'panel:script-start',
  storageRead: 'panel:storage-read',
  firstDraw: 'panel:first-draw',
  appTookOver: 'panel:app-took-over',
} as const;

type PanelMark = (typeof PANEL_MARKS)[keyof typeof PANEL_MARKS];

/** Sets the mark unless it is set already (a mark costs microseconds; missing `performance` is ignored). */
export function markPanel(name: PanelMark): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(name, 'mark').length > 0) return;
  performance.mark(name);
}
