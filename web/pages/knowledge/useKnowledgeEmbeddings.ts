import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { embeddingModelFor, embeddingModelNeedsList, embedTexts } from '@/shared/ai/embeddings.ts';
import type { ClientOptions } from '@/shared/ai/providers.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import type { UsageSubject } from '@/shared/core/usage/ledger.ts';
import { embeddingRequests, embedKnowledge, passagesToEmbed } from '@/shared/data/knowledgeEmbeddings.ts';
import { hasUsableKey, targetFor, type AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { knowledgeQueries } from '@/shared/ui/queries/knowledge.ts';
import type { JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webUsage } from '@/web/lib/usage.ts';

/** Providers tried, in this order, to embed a document saved on the Knowledge Base page (it has no provider choice). */
const SAVE_PROVIDERS: readonly ProviderId[] = ['openai', 'chatgpt_custom', 'gemini', 'cohere'];
/** Passages embedded around a question (the rest on later questions): the first question stays quick. */
const BACKFILL_BEFORE_QUESTION = 300;
/** What the estimate of a document's embedding counts (the dialog's note). */
const KNOWLEDGE_EMBEDDING_NOTE = (passages: number) =>
  `${passages.toLocaleString('en-US')} ${passages === 1 ? 'passage' : 'passages'} of this document to embed for search by meaning; Cancel leaves it searchable by its words.`;
/** How long a question waits for its embedding, then for that backfill, before full text answers alone. */
const QUESTION_WAIT_MS = 8_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([promise.catch(() => null), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

interface Embedder {
  model: string;
  /** 'embeddings' for passages; a question's own embedding is part of its smart query. */
  embed: (
    texts: string[],
    settings?: ClientOptions,
    feature?: 'embeddings' | 'smart_query',
    subject?: UsageSubject | null,
  ) => Promise<number[][]>;
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
        listed = await queryClient.fetchQuery(knowledgeQueries.embeddingModels(target)).catch(() => null);
      }
      const model = embeddingModelFor(target, listed);
      return model
        ? {
            model,
            embed: (texts, settings, feature = 'embeddings', subject = null) =>
              embedTexts({ target, model, texts, settings, usage: webUsage(feature, { subject }) }),
          }
        : null;
    },
    [available, queryClient],
  );

  return {
    /**
     * After a save: embeds the document's passages with the first provider that can. With
     * `confirm`, the job is estimated first and asked about above the user's threshold (declined:
     * the document stays searchable by its words).
     */
    embedDocument: useCallback(
      async (documentId: string, confirm?: (job: JobToEstimate) => Promise<boolean>): Promise<void> => {
        for (const provider of SAVE_PROVIDERS) {
          const embedder = await embedderFor(provider);
          if (!embedder) continue;
          if (confirm) {
            const passages = await passagesToEmbed(supabase, embedder.model, { documentId, limit: 5_000 });
            if (passages.error || passages.data.length === 0) return;
            const chars = passages.data.reduce((sum, passage) => sum + passage.text.length, 0);
            const job: JobToEstimate = {
              provider,
              model: embedder.model,
              steps: [{ promptChars: chars, calls: embeddingRequests(passages.data.length), output: 'embedding' }],
              note: KNOWLEDGE_EMBEDDING_NOTE(passages.data.length),
            };
            if (!(await confirm(job))) return;
          }
          // The saved document's passages: the row links to the document in the knowledge base.
          await embedKnowledge(
            supabase,
            embedder.model,
            (texts) => embedder.embed(texts, undefined, 'embeddings', { kind: 'knowledge', id: documentId }),
            {
              documentId,
            },
          );
          return;
        }
      },
      [embedderFor],
    ),
    /**
     * Before a question: the question's embedding with the chosen provider (null when it has
     * none, it failed or it was slow), while passages still lacking one of that model are embedded.
     */
    embedQuestion: useCallback(
      async (provider: ProviderId, question: string): Promise<{ model: string; vector: number[] } | null> => {
        const embedder = await embedderFor(provider);
        if (!embedder) return null;
        const backfill = embedKnowledge(supabase, embedder.model, (texts) => embedder.embed(texts), {
          maxPassages: BACKFILL_BEFORE_QUESTION,
        });
        const vectors = await within(
          embedder.embed([question], { timeoutMs: QUESTION_WAIT_MS, maxRetries: 0 }, 'smart_query'),
          QUESTION_WAIT_MS,
        );
        // Passages still being embedded meanwhile rank by their words this time.
        await within(backfill, QUESTION_WAIT_MS);
        const vector = vectors?.[0];
        return vector ? { model: embedder.model, vector } : null;
      },
      [embedderFor],
    ),
  };
}
