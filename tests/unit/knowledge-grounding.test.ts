import { describe, expect, it } from 'vitest';
import {
  citationsIn,
  groundedPrompt,
  groundedTask,
  RETRIEVAL_QUERY_MAX,
  retrievalQuery,
  type KnowledgePassage,
} from '@/shared/core/knowledge/grounding.ts';

const passage = (n: number, documentName: string, content: string): KnowledgePassage => ({
  chunkId: `c${n}`,
  documentId: `d${n}`,
  documentName,
  position: 0,
  content,
  rank: 1 / n,
});
const passages = [passage(1, 'Pricing', 'Pro is $29.'), passage(2, 'Refunds', '30 days.'), passage(3, 'Voice', 'Warm.')];

describe('grounded answers', () => {
  it('number the passages in the prompt, with their document, and ask for citations', () => {
    const prompt = groundedPrompt('  What does Pro cost? ', passages);
    expect(prompt).toContain('[1] Pricing\n"""\nPro is $29.\n"""');
    expect(prompt).toContain('[3] Voice\n"""\nWarm.\n"""');
    expect(prompt).toContain('square brackets, like [1]');
    expect(prompt.endsWith('Question: What does Pro cost?')).toBe(true);
  });

  it('map the citations of an answer back to their passages, in the order first cited, ignoring unknown numbers', () => {
    const cited = citationsIn('Pro costs $29 [1]. Refunds within 30 days [2][1]. See also [7] and [0].', passages);
    expect(cited.map((c) => [c.number, c.passage.documentName])).toEqual([
      [1, 'Pricing'],
      [2, 'Refunds'],
    ]);
    expect(citationsIn('No sources here.', passages)).toEqual([]);
  });
});

describe('tasks grounded in the knowledge base', () => {
  it('send the task first, then the numbered sources with the instruction to cite what is taken from them', () => {
    const prompt = groundedTask('Write a launch e-mail.', passages.slice(0, 2));
    expect(prompt.startsWith('Write a launch e-mail.\n\n---\nUse the sources below from my knowledge base where they are relevant.')).toBe(
      true,
    );
    expect(prompt).toContain('[1] Pricing\n"""\nPro is $29.\n"""\n\n[2] Refunds\n"""\n30 days.\n"""');
    expect(prompt).not.toContain('[3] Voice');
  });

  it('leave the task as it is when nothing was retrieved', () => {
    expect(groundedTask('Write a launch e-mail.', [])).toBe('Write a launch e-mail.');
  });

  it('search with the prompt flattened to one line, cut at a word when it is longer than the limit', () => {
    expect(retrievalQuery('  Pro plan\n\n price?  ')).toBe('Pro plan price?');
    const long = 'pricing '.repeat(400);
    const query = retrievalQuery(long);
    expect(query.length).toBeLessThanOrEqual(RETRIEVAL_QUERY_MAX);
    expect(query.length).toBeGreaterThan(RETRIEVAL_QUERY_MAX - 10);
    expect(query.endsWith('pricing')).toBe(true);
  });
});
