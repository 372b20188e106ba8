/**
 * Closest-name suggestions for "Perhaps you meant …" hints, scored as PostgREST's fuzzy set does:
 * cosine similarity of character trigrams (then bigrams when nothing matches), re-ranked by Levenshtein.
 */

function grams(value: string, size: number): Map<string, number> {
  const padded = `-${value.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, '')}-`.padEnd(size, '-');
  const out = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const g = padded.slice(i, i + size);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Candidates scoring at least `minScore`, best first. */
export function fuzzyMatches(candidates: Iterable<string>, value: string, minScore = 0.33): { score: number; name: string }[] {
  const names = [...new Set(candidates)];
  for (const size of [3, 2]) {
    const q = grams(value, size);
    const qNorm = norm(q);
    const cosine = names
      .map((name) => {
        const g = grams(name, size);
        let dot = 0;
        for (const [k, n] of q) dot += n * (g.get(k) ?? 0);
        return { name, score: dot / (qNorm * norm(g) || 1) };
      })
      .filter((m) => m.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 50);
    const lower = value.toLowerCase();
    const ranked = cosine
      .map(({ name }) => ({ name, score: 1 - levenshtein(lower, name.toLowerCase()) / Math.max(lower.length, name.length) }))
      .sort((a, b) => b.score - a.score)
      .filter((m) => m.score >= minScore);
    if (ranked.length) return ranked;
  }
  return [];
}

export const closestName = (candidates: Iterable<string>, value: string, minScore?: number): string | undefined =>
  fuzzyMatches(candidates, value, minScore)[0]?.name;
