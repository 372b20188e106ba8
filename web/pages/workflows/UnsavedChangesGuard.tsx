import { useCallback, useEffect, type RefObject } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';

/**
 * Asks before leaving the page with unsaved edits: another page of the app (a dialog) or a reload
 * or closed tab (the browser's own question). A ref, so a save can allow the move at once.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: RefObject<boolean> }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={BUILDER_TEXTS.leaveTitle}
      confirmLabel={BUILDER_TEXTS.leave}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {BUILDER_TEXTS.leaveBody}
    </ConfirmDialog>
  );
}
