/**
 * Hybrid ranking of knowledge passages, the same arithmetic match_knowledge runs in SQL when it is
 * given a question's embedding: full-text candidates re-ranked by a blend of their text rank
 * (divided by the best candidate's, so it lies in 0..1) and the cosine similarity of their
 * embedding to the question's. Pure: the bench measures blends with it, the tests check the SQL
 * against it.
 */

/** The weight of cosine similarity in the blend (the text rank gets the rest); match_knowledge uses the same. */
export const EMBEDDING_WEIGHT = 0.7;

/** How many full-text candidates match_knowledge re-ranks. */
export const RERANK_CANDIDATES = 50;

/** Cosine similarity of two vectors of the same length; null when they differ in length or one is all zeros. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length === 0) return null;
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  const norm = Math.sqrt(aa * bb);
  return norm === 0 ? null : dot / norm;
}

export interface RankCandidate {
  /** ts_rank_cd of the passage for the question's words. */
  textRank: number;
  /** The passage's embedding (of the question's model), or null when it has none yet. */
  embedding: readonly number[] | null;
}

/**
 * The blended score of each candidate: weight × cosine + (1 − weight) × normalised text rank. A
 * candidate without a (comparable) embedding counts its normalised text rank for both, so passages
 * not embedded yet are neither favoured nor buried.
 */
export function hybridScores(candidates: readonly RankCandidate[], queryEmbedding: readonly number[], weight = EMBEDDING_WEIGHT): number[] {
  const best = Math.max(0, ...candidates.map((c) => c.textRank));
  return candidates.map((c) => {
    const text = best > 0 ? c.textRank / best : 0;
    const cosine = c.embedding ? cosineSimilarity(c.embedding, queryEmbedding) : null;
    return weight * (cosine ?? text) + (1 - weight) * text;
  });
}

/** The candidates' indexes, best first by blended score (ties keep the full-text order). */
export function hybridOrder(candidates: readonly RankCandidate[], queryEmbedding: readonly number[], weight = EMBEDDING_WEIGHT): number[] {
  const scores = hybridScores(candidates, queryEmbedding, weight);
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.index);
}
