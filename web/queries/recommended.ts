import { useNavigate } from 'react-router-dom';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RECOMMENDED_TEXTS, type RecommendedPrompt } from '@/shared/core/recommendedPrompts.ts';
import { runPromptPath } from '@/shared/core/routes.ts';
import { listRecommendedCategories, listRecommendedPrompts, saveRecommendedPrompt } from '@/shared/data/promptCatalog.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryError, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The recommended prompts: one page of a search or a category, and the categories. */
export const recommendedQueries = {
  page: (query: { search: string; category: string | null; page: number }) =>
    queryOptions({
      queryKey: queryKeys.recommended.page(query),
      queryFn: async () => unwrap(await listRecommendedPrompts(supabase, query)),
    }),
  categories: () =>
    queryOptions({ queryKey: queryKeys.recommended.categories(), queryFn: async () => unwrap(await listRecommendedCategories(supabase)) }),
};

/** The code of a failed write, if the data layer gave one. */
export const failureCode = (error: Error): string | undefined => (error instanceof QueryError ? error.dataError.code : undefined);

/**
 * Saves a copy of a recommended prompt into the user's library (a folder, or the root); the
 * library reads again, and the notice offers to run it. A rule's refusal (the name) is the dialog's to show.
 */
export function useSaveRecommendedMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ prompt, name, folderId }: { prompt: RecommendedPrompt; name: string; folderId: string | null }) =>
      unwrap(await saveRecommendedPrompt(supabase, prompt, { name, folderId })),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all });
      notify({
        ...RECOMMENDED_TEXTS.saved(saved.name),
        action: {
          label: 'Run it',
          altText: `Run it: open "${saved.name}" in the runner`,
          onClick: () => void navigate(runPromptPath(saved.id)),
        },
      });
    },
    onError: (error) => {
      const code = failureCode(error);
      if (code === 'login_required') notify({ ...RECOMMENDED_TEXTS.loginRequired, variant: 'destructive' });
      else if (code !== 'invalid') notify(RECOMMENDED_TEXTS.saveFailed(error.message));
    },
  });
}
