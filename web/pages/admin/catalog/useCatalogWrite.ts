import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import type { DataResult } from '@/shared/data/result.ts';
import { useNotify, type NoticeInput } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';

/**
 * One write of a catalogue editor: while it runs `busy` is true; a failure is a notice; after a
 * success the editors and the public pages (Recommended Prompts, Prompt Stacks, Run Prompt) read
 * the catalogue again. Answers whether it succeeded.
 */
export function useCatalogWrite() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const write = async (action: () => Promise<DataResult<unknown>>, success: NoticeInput | null): Promise<boolean> => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (result.error) {
      notify(CATALOG_TEXTS.failed(result.error.message));
      // Another admin may have changed the rows: show what is there now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogFree() });
      return false;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogRecommended() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogFree() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recommended.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all }),
    ]);
    if (success) notify(success);
    return true;
  };

  return { busy, write };
}
