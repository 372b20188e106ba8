import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { currentNoticeAtom } from '@/shared/ui/notices.tsx';

const NoticeViewport = lazy(async () => ({ default: (await import('@/shared/ui/NoticeViewport.tsx')).NoticeViewport }));

/** The notices of the public pages: the viewport's code loads with the first notice and stays mounted from then on. */
export function LazyNotices() {
  const shown = useAtomValue(currentNoticeAtom) !== null;
  const [mounted, setMounted] = useState(false);
  if (shown && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <NoticeViewport />
    </Suspense>
  ) : null;
}
