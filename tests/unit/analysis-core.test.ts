import { describe, expect, it } from 'vitest';
import { analysisConversationPrompt, analysisRequest } from '@/shared/core/analysis/prompt.ts';
import { analysisExport, analysisMarkdown, entitiesByType, readAnalysis } from '@/shared/core/analysis/reply.ts';
import { ANALYSIS_TEXTS } from '@/shared/core/analysis/texts.ts';
import { contextWindowFor, requestBudget } from '@/shared/core/conversations/budget.ts';

const reply = {
  summary: 'A pricing page for Acme.',
  keyPoints: ['Pro costs $29.', ' ', 'Pro costs $29.', 'Refunds within 30 days.'],
  entities: [
    { name: 'Acme Inc', type: 'Company' },
    { name: 'Maya Lopez', type: 'person' },
    { name: 'Berlin', type: 'city' },
    'Vault Pro',
    { name: 'acme inc', type: 'organization' },
  ],
  questions: ['What does Pro include?'],
};

describe('document analysis: the request', () => {
  it('asks for the JSON shape and quotes the whole document when it fits', () => {
    const request = analysisRequest({ name: 'Pricing', text: 'Pro costs $29.\n\nTeam costs $99.' }, 'gpt-4o');
    expect(request.prompt.startsWith('Task: document-analysis\n')).toBe(true);
    expect(request.prompt).toContain('"keyPoints"');
    expect(request.prompt).toContain('Document: Pricing\n"""\nPro costs $29.\n\nTeam costs $99.\n"""');
    expect(request.trimmed).toBeNull();
    expect(request.text).toBe('Pro costs $29.\n\nTeam costs $99.');
  });

  it("cuts a long document to the model's window with the conversation budget, at a word, and says how much was sent", () => {
    const text = 'word '.repeat(20_000).trim(); // 99,999 characters
    const small = analysisRequest({ name: 'Long', text }, 'gpt-4'); // 8,192-token window
    expect(small.trimmed).not.toBeNull();
    expect(small.trimmed!.totalChars).toBe(text.length);
    expect(small.text.length).toBe(small.trimmed!.sentChars);
    expect(small.text.endsWith('word')).toBe(true);
    // The whole prompt stays within the request budget (about 4 characters a token).
    expect(Math.ceil(small.prompt.length / 4)).toBeLessThanOrEqual(requestBudget(contextWindowFor('gpt-4')));
    expect(small.prompt.length).toBeGreaterThan(requestBudget(8_192) * 4 * 0.9);
    // A larger window sends more; a very large one all of it.
    const larger = analysisRequest({ name: 'Long', text }, 'gpt-3.5-turbo');
    expect(larger.trimmed!.sentChars).toBeGreaterThan(small.trimmed!.sentChars);
    expect(analysisRequest({ name: 'Long', text }, 'gpt-4o').trimmed).toBeNull();
    expect(ANALYSIS_TEXTS.trimmed(small.trimmed!.sentChars, small.trimmed!.totalChars)).toContain('of 99,999 characters');
  });

  it('starts the conversation from the document as sent', () => {
    const prompt = analysisConversationPrompt('Pricing', 'Pro costs $29.');
    expect(prompt.startsWith('Document: Pricing\n"""\nPro costs $29.\n"""')).toBe(true);
    expect(prompt).toContain('answer my questions about it');
  });
});

describe('document analysis: the reply', () => {
  it('reads bare JSON, a fenced block, or JSON inside prose; tidies lists and maps entity types', () => {
    for (const text of [
      JSON.stringify(reply),
      `\`\`\`json\n${JSON.stringify(reply)}\n\`\`\``,
      `Here it is: ${JSON.stringify(reply)} Hope it helps.`,
    ]) {
      const read = readAnalysis(text);
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(read.value.keyPoints).toEqual(['Pro costs $29.', 'Refunds within 30 days.']);
      expect(read.value.entities).toEqual([
        { name: 'Acme Inc', type: 'organization' },
        { name: 'Maya Lopez', type: 'person' },
        { name: 'Berlin', type: 'place' },
        { name: 'Vault Pro', type: 'other' },
      ]);
    }
  });

  it('takes missing lists as empty', () => {
    const read = readAnalysis('{"summary": "Short."}');
    expect(read).toEqual({ ok: true, value: { summary: 'Short.', keyPoints: [], entities: [], questions: [] } });
  });

  it('says clearly why a malformed reply is not an analysis', () => {
    const reasons: [string, string][] = [
      ['Sorry, I cannot help with that.', 'it holds no JSON object'],
      ['{"summary": ', 'it holds no JSON object'],
      ['[1, 2]', 'it is not an object'],
      ['{"keyPoints": ["a"]}', 'it has no summary'],
      ['{"summary": "  "}', 'its summary is empty'],
      ['{"summary": "S", "keyPoints": "one, two"}', 'the key points are not a list'],
      ['{"summary": "S", "questions": [1]}', 'questions must be text'],
      ['{"summary": "S", "entities": {"a": 1}}', 'the entities are not a list'],
    ];
    for (const [text, reason] of reasons) {
      expect(readAnalysis(text), text).toEqual({
        ok: false,
        error: `The AI's answer was not a usable analysis (${reason}). Please try again.`,
      });
    }
  });

  it('groups entities by type and writes the analysis as Markdown and as an export', () => {
    const read = readAnalysis(JSON.stringify(reply));
    if (!read.ok) throw new Error(read.error);
    expect(entitiesByType(read.value.entities).map((g) => [g.label, g.names])).toEqual([
      ['People', ['Maya Lopez']],
      ['Organisations', ['Acme Inc']],
      ['Places', ['Berlin']],
      ['Other', ['Vault Pro']],
    ]);
    const markdown = analysisMarkdown(read.value);
    expect(markdown).toContain('## Summary\n\nA pricing page for Acme.');
    expect(markdown).toContain('## Key points\n\n- Pro costs $29.\n- Refunds within 30 days.');
    expect(markdown).toContain('- **People:** Maya Lopez');
    expect(markdown).toContain('## Suggested questions\n\n- What does Pro include?');
    const exported = analysisExport('Pricing', read.value, new Date('2026-11-26T10:00:00Z'));
    expect(exported.title).toBe('Analysis of Pricing');
    expect(exported.subtitle).toBe('2026-11-26');
    expect(exported.sections.map((s) => s.heading)).toEqual(['Summary', 'Key points', 'Entities', 'Suggested questions']);
    const bare = readAnalysis('{"summary": "Short."}');
    if (!bare.ok) throw new Error(bare.error);
    expect(analysisMarkdown(bare.value)).toBe(`## Summary\n\nShort.\n\n## Entities\n\n${ANALYSIS_TEXTS.noEntities}`);
  });
});
