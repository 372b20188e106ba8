import type { SupabaseClient } from '@supabase/supabase-js';
import { embedTexts } from '@/shared/ai/embeddings.ts';
import type { ProviderTarget } from '@/shared/ai/providers.ts';
import { EMBEDDING_WEIGHT, hybridOrder, RERANK_CANDIDATES } from '@/shared/core/knowledge/hybridRank.ts';
import type { Database as Schema } from '@/shared/data/database.types.ts';
import { embedKnowledge } from '@/shared/data/knowledgeEmbeddings.ts';
import { searchKnowledge } from '@/shared/data/knowledgeSearch.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import { KNOWLEDGE_DOCUMENTS, KNOWLEDGE_QUESTIONS } from '../fixtures/knowledge/corpus.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * Retrieval quality on the labelled fixture (tests/fixtures/knowledge): the share of questions
 * whose answering document is among the first five passages (recall@5), with full text only and
 * with the hybrid re-rank, the fixture embedded through the real path (the app's embedKnowledge
 * and embedTexts → the fake provider's /v1/embeddings). Also sweeps the blend's weight over the
 * same candidates (hybridRank.ts, the arithmetic match_knowledge runs) to show why it was chosen.
 */

export interface QualityReport {
  questions: number;
  documents: number;
  fullText: number;
  hybrid: number;
  /** Recall@5 per cosine weight (0: text rank only, 1: cosine only). */
  sweep: { weight: number; recall: number }[];
}

const TOP = 5;

export async function measureQuality(
  db: Database,
  client: SupabaseClient<Schema>,
  userId: string,
  ai: { target: ProviderTarget; model: string; baseURL: string },
): Promise<QualityReport> {
  for (const doc of KNOWLEDGE_DOCUMENTS) {
    await db.query("insert into public.kb_documents (user_id, name, type, content) values ($1, $2, 'text', $3)", [
      userId,
      doc.name,
      doc.content,
    ]);
  }
  const settings = { baseUrls: { openai: ai.baseURL }, maxRetries: 0 };
  const embed = (texts: string[]) => embedTexts({ target: ai.target, model: ai.model, texts, settings, usage: usageLog('embeddings') });
  const stored = await embedKnowledge(client, ai.model, embed);
  if (stored.error) throw new Error(`embedding the fixture failed: ${stored.error.message}`);

  const questionVectors = await embed(KNOWLEDGE_QUESTIONS.map((q) => q.question));
  let fullText = 0;
  let hybrid = 0;
  const weights = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
  const sweepHits = new Array<number>(weights.length).fill(0);
  for (const [i, { question, answer }] of KNOWLEDGE_QUESTIONS.entries()) {
    const vector = questionVectors[i]!;
    const plain = await searchKnowledge(client, question, { count: TOP });
    const ranked = await searchKnowledge(client, question, { count: TOP, embedding: { model: ai.model, vector } });
    if (plain.error || ranked.error) throw new Error(`search failed: ${(plain.error ?? ranked.error)!.message}`);
    if (plain.data.some((p) => p.documentName === answer)) fullText++;
    if (ranked.data.some((p) => p.documentName === answer)) hybrid++;

    const candidates = await fullTextCandidates(db, userId, question);
    for (const [w, weight] of weights.entries()) {
      const order = hybridOrder(candidates, vector, weight).slice(0, TOP);
      if (order.some((index) => candidates[index]!.name === answer)) sweepHits[w]!++;
    }
  }
  const n = KNOWLEDGE_QUESTIONS.length;
  return {
    questions: n,
    documents: KNOWLEDGE_DOCUMENTS.length,
    fullText: fullText / n,
    hybrid: hybrid / n,
    sweep: weights.map((weight, w) => ({ weight, recall: sweepHits[w]! / n })),
  };
}

/** match_knowledge's full-text candidates for a question, with their text rank and embedding. */
async function fullTextCandidates(db: Database, userId: string, question: string) {
  const { rows } = await db.query<{ name: string; text_rank: number; embedding: number[] | null }>(
    `with question as (
       select nullif(replace(websearch_to_tsquery('english', $2)::text, ' & ', ' | '), '') as terms
     )
     select c.heading as name, ts_rank_cd(c.tsv, to_tsquery('english', question.terms), 1) as text_rank, c.embedding
     from public.kb_chunks c, question
     where c.user_id = $1 and question.terms is not null and c.tsv @@ to_tsquery('english', question.terms)
     order by text_rank desc, c.document_id, c.position
     limit ${RERANK_CANDIDATES}`,
    [userId, question],
  );
  return rows.map((r) => ({ name: r.name, textRank: Number(r.text_rank), embedding: r.embedding?.map(Number) ?? null }));
}

export function printQuality(report: QualityReport): void {
  const pct = (x: number) => x.toFixed(3);
  console.log(`retrieval quality: ${report.questions} labelled questions over ${report.documents} documents (recall@${TOP})`);
  console.log(`  full text only   ${pct(report.fullText)}`);
  console.log(`  hybrid (w=${EMBEDDING_WEIGHT})   ${pct(report.hybrid)}`);
  console.log(`  weight sweep     ${report.sweep.map((s) => `${s.weight.toFixed(1)}: ${pct(s.recall)}`).join('  ')}`);
  console.log(`  goal hybrid ≥ 0.9: ${report.hybrid >= 0.9 ? 'met' : 'NOT met'}`);
}
