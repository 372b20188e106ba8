import { passageEmbeddingText } from '@/shared/data/knowledgeEmbeddings.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import { PRODUCTS, type ProductFacts } from '../fixtures/knowledge/facts.ts';
import { fixtureDocument, KINDS, questionsFor } from '../fixtures/knowledge/corpus.ts';

/**
 * A big knowledge base for the retrieval latency bench: about `count` passages of marketing
 * material (one per document), six documents per made-up product whose facts are drawn
 * from the fixture's products at random (seeded), each product with a name of its own, so the
 * words vary as in a real base. Every passage gets
 * an embedding of `model` (as the app stores them), written directly as the database owner.
 */

/** mulberry32: a small seeded generator, so every run seeds the same base. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka lo mi ze ru ta vo ne si da po fe li gu ra mo ti be xa no'.split(' ');

/** A made-up word from a number (distinct numbers, distinct words), like a brand name. */
function inventedName(n: number, suffix: string): string {
  let word = '';
  let rest = n + 400;
  while (rest > 0) {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  return `${word[0]!.toUpperCase()}${word.slice(1)}${suffix}`;
}

/** A product whose facts are drawn from the fixture's at random, with a name and customer of its own. */
function mixedProduct(next: () => number, n: number): ProductFacts {
  const from = () => PRODUCTS[Math.floor(next() * PRODUCTS.length)]!;
  const mixed = { ...from() };
  for (const key of Object.keys(mixed) as (keyof ProductFacts)[]) Object.assign(mixed, { [key]: from()[key] });
  return { ...mixed, name: inventedName(n, 'ly'), customer: `${inventedName(n, 'ton')} ${mixed.industry.split(' ')[0]} Co.` };
}

/** Seeds the base; answers how many passages it holds and questions about its documents (one per document, in other words). */
export async function seedPassages(
  db: Database,
  userId: string,
  count: number,
  embed: (text: string) => number[],
  model: string,
): Promise<{ passages: number; questions: string[] }> {
  const next = random(42);
  const names: string[] = [];
  const contents: string[] = [];
  const questions: string[] = [];
  for (let i = 0; i < count; i++) {
    const product = mixedProduct(next, Math.floor(i / KINDS.length));
    const kind = KINDS[i % KINDS.length]!;
    const doc = fixtureDocument(product, kind);
    names.push(doc.name);
    contents.push(doc.content);
    questions.push(questionsFor(product, kind)[i % 2]!);
  }
  for (let start = 0; start < count; start += 1000) {
    await db.query(
      "insert into public.kb_documents (user_id, name, type, content) select $1, n, 'text', c from unnest($2::text[], $3::text[]) as d(n, c)",
      [userId, names.slice(start, start + 1000), contents.slice(start, start + 1000)],
    );
  }
  const { rows } = await db.query<{ id: string; heading: string; content: string }>(
    'select id, heading, content from public.kb_chunks where user_id = $1',
    [userId],
  );
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db.query(
      `update public.kb_chunks c set embedding = v.e::real[], embedding_model = $3
       from unnest($1::uuid[], $2::text[]) as v(id, e) where c.id = v.id`,
      [batch.map((r) => r.id), batch.map((r) => `{${embed(passageEmbeddingText(r.heading, r.content)).join(',')}}`), model],
    );
  }
  // The steady state (PostgreSQL's autovacuum would get there; PGlite has none): the rows the embeddings replaced are gone.
  await db.query('vacuum analyze public.kb_chunks');
  return { passages: rows.length, questions };
}
