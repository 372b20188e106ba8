import { useEffect, type ReactNode } from 'react';

/** Marks the root live once React has committed the page: pre-rendered controls take input from then on. */
export function MarkLive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    container.dataset.live = '';
  }, [container]);
  return children;
}
