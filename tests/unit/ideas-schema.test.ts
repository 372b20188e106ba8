import { describe, expect, it } from 'vitest';
import { AiJsonError } from '@/shared/ai/aiErrors.ts';
import { parseJsonReply } from '@/shared/ai/jsonReply.ts';
import { IDEA_TASK, ideaExport, interestProblem, startupIdeaPrompt, startupIdeaSchema } from '@/shared/core/ideas.ts';

const idea = {
  name: 'PantryPal',
  description: 'An app that plans meals from what is already in your pantry.',
  market: 'Home cooks; the meal-kit market is worth billions.',
  targetUsers: 'Busy families',
  revenue: 'Subscription, $6/month',
  competitors: ['Mealime', 'Paprika'],
  weaknesses: ['Needs pantry data entry'],
  businessPlan: { executive: 'Cut food waste.', market: 'Partner with grocers.', solution: 'Barcode scanning and AI plans.' },
};

describe('startup ideas', () => {
  it('prompt for the product’s fields as JSON', () => {
    const prompt = startupIdeaPrompt('  sustainable cooking ');
    expect(prompt.split('\n')[0]).toBe(`Task: ${IDEA_TASK}`);
    expect(prompt).toContain('"sustainable cooking"');
    for (const key of [
      'name',
      'description',
      'market',
      'targetUsers',
      'revenue',
      'competitors',
      'weaknesses',
      'businessPlan',
      'executive',
      'solution',
    ])
      expect(prompt).toContain(`"${key}"`);
  });

  it('ask for a different idea than the ones already shown (Regenerate)', () => {
    expect(startupIdeaPrompt('pets')).not.toContain('earlier ones');
    const prompt = startupIdeaPrompt('pets', ['PawPilot', 'Tail "Nest"']);
    expect(prompt).toContain('Propose a different idea from these earlier ones: "PawPilot", "Tail "Nest"".');
    expect(prompt.split('\n')[0]).toBe(`Task: ${IDEA_TASK}`);
  });

  it('accept an answer of the schema’s shape and refuse others', () => {
    // The idea generator reads the answer with parseJsonReply (through completeJson).
    expect(parseJsonReply(`Here you go:\n${JSON.stringify(idea)}`, startupIdeaSchema)).toEqual(idea);
    expect(() => parseJsonReply(JSON.stringify({ ...idea, competitors: [] }), startupIdeaSchema)).toThrow(AiJsonError);
    expect(() => parseJsonReply(JSON.stringify({ ...idea, businessPlan: { executive: 'x' } }), startupIdeaSchema)).toThrow(AiJsonError);
    expect(startupIdeaSchema.safeParse({ ...idea, name: '  ' }).success).toBe(false);
  });

  it('need an interest to start from', () => {
    expect(interestProblem('  ')).toBe('Describe an interest or a market first.');
    expect(interestProblem('pets')).toBeNull();
  });

  it('export one section per field', () => {
    const exported = ideaExport(idea);
    expect(exported.title).toBe('PantryPal');
    expect(exported.sections.map((s) => s.heading)).toEqual([
      'Market',
      'Target Users',
      'Revenue',
      'Competitors',
      'Weaknesses',
      'Executive Summary',
      'Go-to-Market',
      'Solution',
    ]);
    expect(exported.sections[3]!.markdown).toBe('- Mealime\n- Paprika');
  });
});
