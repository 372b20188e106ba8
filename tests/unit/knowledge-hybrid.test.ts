import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { cosineSimilarity, EMBEDDING_WEIGHT, hybridOrder, hybridScores } from '@/shared/core/knowledge/hybridRank.ts';
import { embeddingModelFor, embeddingModelNeedsList } from '@/shared/ai/embeddings.ts';
import { fakeEmbedding, featuresOf, stem } from '../fixtures/fake-ai/embeddings.ts';
import { FAKE_OPENAI_BAD_KEY, FAKE_OPENAI_GOOD_KEY, startFakeOpenAI } from '../fixtures/fake-openai.ts';

describe('cosine similarity', () => {
  it('is 1 for the same direction, 0 for orthogonal, -1 for opposite, and null when it means nothing', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 10);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([1, -1], [-1, 1])).toBeCloseTo(-1, 10);
    expect(cosineSimilarity([0, 0], [1, 1])).toBeNull();
    expect(cosineSimilarity([1, 2], [1, 2, 3])).toBeNull();
    expect(cosineSimilarity([], [])).toBeNull();
  });
});

describe('hybrid ranking', () => {
  const query = [0, 1];
  it('blends the cosine with the text rank divided by the best one', () => {
    const scores = hybridScores(
      [
        { textRank: 0.5, embedding: [1, 0] },
        { textRank: 0.25, embedding: [0, 1] },
      ],
      query,
      0.7,
    );
    expect(scores[0]).toBeCloseTo(0.7 * 0 + 0.3 * 1, 10);
    expect(scores[1]).toBeCloseTo(0.7 * 1 + 0.3 * 0.5, 10);
  });

  it('lets meaning overtake words at the default weight, and keeps the text order at weight 0', () => {
    const candidates = [
      { textRank: 0.4, embedding: [1, 0] },
      { textRank: 0.3, embedding: [0.2, 1] },
      { textRank: 0.1, embedding: [0, 1] },
    ];
    expect(hybridOrder(candidates, query)).toEqual([1, 2, 0]);
    expect(hybridOrder(candidates, query, 0)).toEqual([0, 1, 2]);
    expect(EMBEDDING_WEIGHT).toBeGreaterThan(0);
    expect(EMBEDDING_WEIGHT).toBeLessThan(1);
  });

  it('scores a passage without an embedding by its text rank alone, and keeps ties in text order', () => {
    const candidates = [
      { textRank: 0.2, embedding: null },
      { textRank: 0.2, embedding: null },
      { textRank: 0.1, embedding: [1, 0, 0] },
    ];
    expect(hybridScores(candidates, query)).toEqual([1, 1, 0.5]);
    expect(hybridOrder(candidates, query)).toEqual([0, 1, 2]);
    expect(hybridScores([{ textRank: 0, embedding: null }], query)).toEqual([0]);
  });
});

describe('embedding models per provider', () => {
  it('has one for the providers with an OpenAI-compatible /embeddings, none for the others', () => {
    expect(embeddingModelFor({ provider: 'openai', apiKey: 'k' })).toBe('text-embedding-3-small');
    expect(embeddingModelFor({ provider: 'gemini', apiKey: 'k' })).toBe('gemini-embedding-001');
    expect(embeddingModelFor({ provider: 'cohere', apiKey: 'k' })).toBe('embed-v4.0');
    expect(embeddingModelFor({ provider: 'chatgpt_custom', apiKey: 'k' })).toBe('text-embedding-3-small');
    for (const provider of ['anthropic', 'ai21', 'huggingface'] as const) expect(embeddingModelFor({ provider, apiKey: 'k' })).toBeNull();
  });

  it('takes a custom base URL’s first listed embedding model, or none', () => {
    const target = { provider: 'chatgpt_custom' as const, apiKey: null, customBaseUrl: 'http://localhost:11434/v1' };
    expect(embeddingModelNeedsList(target)).toBe(true);
    expect(embeddingModelNeedsList({ provider: 'openai', apiKey: 'k', customBaseUrl: 'http://x' })).toBe(false);
    expect(embeddingModelFor(target, ['llama3.1', 'nomic-embed-text:latest', 'mxbai-embed-large'])).toBe('nomic-embed-text:latest');
    expect(embeddingModelFor(target, ['llama3.1'])).toBeNull();
    expect(embeddingModelFor(target)).toBeNull();
  });
});

describe("the fake provider's embeddings", () => {
  it('stems words and folds common synonyms together', () => {
    expect(stem('pricing')).toBe('pric');
    expect(stem('reviews')).toBe('review');
    expect(featuresOf('What does it cost?')).toEqual(featuresOf('the price'));
    expect(featuresOf('money back')).toEqual(featuresOf('refunds'));
  });

  it('is deterministic and unit length, and puts paraphrases closer than unrelated text', () => {
    const a = fakeEmbedding('How much does the Pro plan cost per month?');
    expect(a).toEqual(fakeEmbedding('How much does the Pro plan cost per month?'));
    expect(a).toHaveLength(256);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
    const paraphrase = fakeEmbedding('Pro tier pricing: $49 monthly');
    const unrelated = fakeEmbedding('Our logo needs clear space around the wordmark');
    expect(cosineSimilarity(a, paraphrase)!).toBeGreaterThan(cosineSimilarity(a, unrelated)! + 0.2);
    expect(fakeEmbedding('', 8)).toEqual(new Array(8).fill(0));
  });
});

describe("the fake provider's /v1/embeddings through the openai SDK", () => {
  it('answers floats or the SDK’s default base64 with the same vectors, in order, with usage; refuses a bad key', async () => {
    const fake = await startFakeOpenAI();
    try {
      const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: fake.baseURL, maxRetries: 0 });
      const input = ['Refunds within 30 days', 'Our logo and colours'];
      const floats = await client(FAKE_OPENAI_GOOD_KEY).embeddings.create({
        model: 'text-embedding-3-small',
        input,
        encoding_format: 'float',
      });
      expect(floats.model).toBe('text-embedding-3-small');
      expect(floats.usage.total_tokens).toBeGreaterThan(0);
      expect(floats.data.map((d) => d.embedding)).toEqual(input.map((text) => fakeEmbedding(text)));
      // Without encoding_format the SDK asks for base64 and decodes it (float32: close, not identical).
      const decoded = await client(FAKE_OPENAI_GOOD_KEY).embeddings.create({
        model: 'text-embedding-3-small',
        input: input[0]!,
        dimensions: 64,
      });
      expect(decoded.data).toHaveLength(1);
      decoded.data[0]!.embedding.forEach((x, i) => expect(x).toBeCloseTo(fakeEmbedding(input[0]!, 64)[i]!, 6));
      await expect(client(FAKE_OPENAI_BAD_KEY).embeddings.create({ model: 'text-embedding-3-small', input })).rejects.toMatchObject({
        status: 401,
      });
    } finally {
      await fake.close();
    }
  });
});
