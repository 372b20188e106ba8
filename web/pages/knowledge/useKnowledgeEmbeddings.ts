import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { embeddingModelFor, embeddingModelNeedsList, embedTexts } from '@/shared/ai/embeddings.ts';
import { listModels } from '@/shared/ai/keyTest.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { embedKnowledge } from '@/shared/data/knowledgeEmbeddings.ts';
import { hasUsableKey, targetFor, type AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/session.tsx';
import { supabase } from '@/web/lib/supabase.ts';

/** Providers tried, in this order, to embed a document saved on the Knowledge Base page (it has no provider choice). */
const SAVE_PROVIDERS: readonly ProviderId[] = ['openai', 'chatgpt_custom', 'gemini', 'cohere'];
/** Passages embedded before a question is answered (the rest on later questions): the first question stays quick. */
const BACKFILL_BEFORE_QUESTION = 300;

interface Embedder {
  model: string;
  embed: (texts: string[]) => Promise<number[][]>;
}

/** The user's keys as the model pickers take them. */
export function useAvailableKeys(): AvailableKeys {
  const user = useUser();
  const keys = useProviderKeys(user?.id ?? null);
  return useMemo(
    () => ({
      keys: Object.fromEntries(Object.entries(keys.state.keys).map(([id, key]) => [id, key.value])),
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );
}

/**
 * Embeddings for knowledge retrieval with the user's own provider, when it has an
 * OpenAI-compatible /embeddings (shared/ai/embeddings.ts). Everything here is best effort: a
 * failure never stops a save or a question, retrieval then ranks by full text alone.
 */
export function useKnowledgeEmbeddings() {
  const available = useAvailableKeys();
  const queryClient = useQueryClient();

  const embedderFor = useCallback(
    async (provider: ProviderId): Promise<Embedder | null> => {
      if (!hasUsableKey(provider, available)) return null;
      const target = targetFor(provider, available);
      let listed: string[] | null = null;
      if (embeddingModelNeedsList(target)) {
        listed = await queryClient
          .fetchQuery({
            queryKey: queryKeys.knowledge.embeddingModels(target.customBaseUrl ?? ''),
            queryFn: () => listModels(target),
            staleTime: Infinity,
          })
          .catch(() => null);
      }
      const model = embeddingModelFor(target, listed);
      return model ? { model, embed: (texts) => embedTexts({ target, model, texts }) } : null;
    },
    [available, queryClient],
  );

  return {
    /** After a save: embeds the document's passages with the first provider that can. */
    embedDocument: useCallback(
      async (documentId: string): Promise<void> => {
        for (const provider of SAVE_PROVIDERS) {
          const embedder = await embedderFor(provider);
          if (!embedder) continue;
          await embedKnowledge(supabase, embedder.model, embedder.embed, { documentId });
          return;
        }
      },
      [embedderFor],
    ),
    /**
     * Before a question: the question's embedding with the chosen provider (null when it has
     * none or it failed), after embedding passages still lacking one of that model.
     */
    embedQuestion: useCallback(
      async (provider: ProviderId, question: string): Promise<{ model: string; vector: number[] } | null> => {
        const embedder = await embedderFor(provider);
        if (!embedder) return null;
        const [vectors] = await Promise.all([
          embedder.embed([question]).catch(() => null),
          embedKnowledge(supabase, embedder.model, embedder.embed, { maxPassages: BACKFILL_BEFORE_QUESTION }),
        ]);
        const vector = vectors?.[0];
        return vector ? { model: embedder.model, vector } : null;
      },
      [embedderFor],
    ),
  };
}
