import { atom, useSetAtom } from 'jotai';

/**
 * The app's one toast system: at most one notice visible (a new one replaces
 * it), 5000 ms by default, paused while hovered or focused or while the window is in the
 * background, closed by its button, Escape, or a swipe right past 50 px; F8 focuses the viewport.
 * Drawn by NoticeViewport.tsx (MUI's Snackbar and react-swipeable), which pages that only raise
 * notices do not load.
 */

type NoticeVariant = 'default' | 'destructive';

export interface NoticeAction {
  label: string;
  /** Describes the action for assistive tech; the action is not rendered without it. */
  altText: string;
  onClick: () => void;
}

export interface NoticeInput {
  title: string;
  description?: string;
  variant?: NoticeVariant;
  /** Milliseconds before it closes itself; default 5000. */
  duration?: number;
  action?: NoticeAction;
}

export interface Notice extends NoticeInput {
  id: number;
}

export const NOTICE_DEFAULT_DURATION_MS = 5000;
export const NOTICE_SWIPE_THRESHOLD_PX = 50;
export const NOTICE_VIEWPORT_HOTKEY = 'F8';

/** The notice on screen, or null. One at a time: showing a new notice replaces the current one. */
export const currentNoticeAtom = atom<Notice | null>(null);

let nextId = 1;
const showNoticeAtom = atom(null, (_get, set, input: NoticeInput) => {
  set(currentNoticeAtom, { ...input, id: nextId++ });
});

/** `notify({ title, description, variant })` shows a notice. */
export function useNotify(): (input: NoticeInput) => void {
  return useSetAtom(showNoticeAtom);
}

/** Closes the notice on screen (a page moving on to something else, e.g. from "Saved" to a run). */
export function useDismissNotice(): () => void {
  const set = useSetAtom(currentNoticeAtom);
  return () => set(null);
}
