import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@/shared/core/routes.ts';
import { RUN_OUTPUT_FORMAT } from '@/shared/core/runPrompt.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { OutputActionsSetup } from '@/shared/ui/run/OutputActions.tsx';
import type { RunHistoryListProps } from '@/shared/ui/run/RunHistoryList.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import type { RunHistory } from './useRunHistory.ts';

/** The dashboard's data client for the shared run pieces (shared/ui/run). */
export const webData = async () => supabase;

/** The dashboard's run output actions: documents saved as text, opened on the documents page; saved once per text. */
export function useRunOutputActions(): OutputActionsSetup {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      client: webData,
      format: RUN_OUTPUT_FORMAT,
      openDocuments: { altText: RUN_TEXTS.openDocumentsAlt, onClick: () => void navigate(ROUTES.documentGenerator) },
      markSaved: true,
    }),
    [navigate],
  );
}

/** The history list's data and handlers from the dashboard's run history. */
export const historyListData = (history: RunHistory) =>
  ({
    query: history.query,
    runs: history.runs,
    total: history.total,
    onLoadMore: () => void history.loadMore(),
    onDelete: (run) => void history.remove(run),
  }) satisfies Partial<RunHistoryListProps>;
