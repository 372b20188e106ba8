import { useEffect } from 'react';
import { pageMetaFor } from '@/shared/core/seo.ts';

/**
 * Keeps the tab title and the meta description on the shown public page while the app navigates
 * (the pre-rendered HTML carries them for the first load; search results and shared links display them).
 */
export function useRouteMeta(pathname: string): void {
  useEffect(() => {
    const { title, description } = pageMetaFor(pathname);
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [pathname]);
}
