import { z } from 'zod';
import type { ExportDocument } from '../export/model.ts';
import { markdownList } from './text.ts';

/**
 * Startup ideas (the Startup Idea Generator on /app-summary and /saved-ideas): the structured idea the AI returns, validated by schema before it is shown or saved, the
 * prompt that asks for it, the texts and the export. The table is startup_ideas (migration
 * 20261123001500); shared/data/ideas.ts reads and writes it.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const list = z.array(text(1000)).min(1).max(20);

/** What the AI must answer (field names match the startup_ideas columns and older saved ideas). */
export const startupIdeaSchema = z.object({
  name: text(200),
  description: text(5000),
  market: text(5000),
  targetUsers: text(5000),
  revenue: text(5000),
  competitors: list,
  weaknesses: list,
  businessPlan: z.object({
    executive: text(10000),
    market: text(10000),
    solution: text(10000),
  }),
});
export type StartupIdeaContent = z.infer<typeof startupIdeaSchema>;

/** A saved idea: the content plus id and createdAt. */
export interface StartupIdea extends StartupIdeaContent {
  id: string;
  /** The interest or market the user described. */
  sourcePrompt: string;
  createdAt: string;
}

export const IDEA_TEXTS = {
  generatorTitle: 'Startup Idea Generator',
  savedTitle: 'Saved Ideas',
  interestRequired: 'Describe an interest or a market first.',
  invalidAnswer: 'The AI returned an unexpected data format. Please try again.',
  empty: 'No saved ideas yet. Generate one and save it to see it here.',
  saved: 'Idea saved',
  deleted: 'Idea deleted',
} as const;

export const IDEA_LIMITS = { interestMax: 2000 } as const;

export function interestProblem(interest: string): string | null {
  const trimmed = interest.trim();
  if (!trimmed) return IDEA_TEXTS.interestRequired;
  if (trimmed.length > IDEA_LIMITS.interestMax) return `Keep it under ${IDEA_LIMITS.interestMax.toLocaleString('en-US')} characters.`;
  return null;
}

export const IDEA_TASK = 'startup-idea';

/** `avoid`: names of ideas already shown for this interest (Regenerate asks for a different one). */
export function startupIdeaPrompt(interest: string, avoid: readonly string[] = []): string {
  const different = avoid.length
    ? `\nPropose a different idea from these earlier ones: ${avoid.map((name) => `"${name}"`).join(', ')}.\n`
    : '';
  return `Task: ${IDEA_TASK}
You are a startup strategist. Invent one specific, realistic startup idea for this interest or market: "${interest.trim()}".
${different}
Answer with one JSON object only, with exactly these keys:
{
  "name": "the startup's name",
  "description": "what it does, 2-3 sentences",
  "market": "the market and its size or trend",
  "targetUsers": "who uses and pays for it",
  "revenue": "how it makes money",
  "competitors": ["2 to 6 existing competitors or alternatives"],
  "weaknesses": ["2 to 6 honest weaknesses or risks"],
  "businessPlan": {
    "executive": "an executive summary",
    "market": "the go-to-market plan",
    "solution": "the product and how it solves the problem"
  }
}`;
}

/** An idea as an export (DOCX, PDF, …): one section per field. */
export function ideaExport(idea: StartupIdeaContent): ExportDocument {
  return {
    title: idea.name,
    subtitle: idea.description,
    sections: [
      { heading: 'Market', markdown: idea.market },
      { heading: 'Target Users', markdown: idea.targetUsers },
      { heading: 'Revenue', markdown: idea.revenue },
      { heading: 'Competitors', markdown: markdownList(idea.competitors) },
      { heading: 'Weaknesses', markdown: markdownList(idea.weaknesses) },
      { heading: 'Executive Summary', markdown: idea.businessPlan.executive },
      { heading: 'Go-to-Market', markdown: idea.businessPlan.market },
      { heading: 'Solution', markdown: idea.businessPlan.solution },
    ],
  };
}
