import { z } from 'zod';
import type { ExportDocument } from '../../export/model.ts';
import { ANALYSIS_TEXTS, ENTITY_TYPE_LABELS } from './texts.ts';
import { markdownList } from '../text.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * The analysis the AI answers: read out of its reply (bare JSON, a fenced block, or the first
 * {...} in prose), validated, and tidied (entity types named in other words are mapped, empty
 * items dropped, lists capped). A reply that is not a usable analysis is an error saying why.
 */

export type EntityType = keyof typeof ENTITY_TYPE_LABELS;

export interface Entity {
  name: string;
  type: EntityType;
}

export interface DocumentAnalysis {
  summary: string;
  keyPoints: string[];
  entities: Entity[];
  questions: string[];
}

const TYPE_WORDS: [RegExp, EntityType][] = [
  [/^(person|people|individual|human)/i, 'person'],
  [/^(organi[sz]ation|company|business|brand|institution|agency|team)/i, 'organization'],
  [/^(product|service|tool|software|app)/i, 'product'],
  [/^(place|location|city|country|region|address)/i, 'place'],
];

const entityType = (word: string | undefined): EntityType =>
  TYPE_WORDS.find(([pattern]) => pattern.test(word?.trim() ?? ''))?.[1] ?? 'other';

const items = (what: string) => z.array(z.string({ error: `${what} must be text` }), { error: `the ${what} are not a list` }).optional();

const replySchema = z.object(
  {
    summary: z.string({ error: 'it has no summary' }).trim().min(1, { error: 'its summary is empty' }),
    keyPoints: items('key points'),
    entities: z
      .array(z.union([z.string(), z.object({ name: z.string(), type: z.string().optional() })]), { error: 'the entities are not a list' })
      .optional(),
    questions: items('questions'),
  },
  { error: 'it is not an object' },
);

const LIMITS = { keyPoints: 10, entities: 30, questions: 6 } as const;

const cleanList = (list: readonly string[] | undefined, max: number) =>
  [...new Set((list ?? []).map((item) => item.replace(/\s+/g, ' ').trim()).filter(Boolean))].slice(0, max);

/** The JSON value in a reply: the whole reply, a ```json fenced block, or the span from the first { to the last }. */
function jsonIn(reply: string): unknown {
  const candidates = [reply.trim(), /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1]?.trim() ?? ''];
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(reply.slice(start, end + 1));
  for (const candidate of candidates.filter(Boolean)) {
    try {
      return JSON.parse(candidate);
    } catch {
      // The next candidate.
    }
  }
  return undefined;
}

export function readAnalysis(reply: string): Check<DocumentAnalysis> {
  const value = jsonIn(reply);
  if (value === undefined) return refused(ANALYSIS_TEXTS.malformed(ANALYSIS_TEXTS.notJson));
  const parsed = replySchema.safeParse(value);
  if (!parsed.success) return refused(ANALYSIS_TEXTS.malformed(parsed.error.issues[0]?.message ?? 'invalid'));
  const { summary, keyPoints, entities, questions } = parsed.data;
  const seen = new Set<string>();
  const named: Entity[] = [];
  for (const entity of entities ?? []) {
    const name = (typeof entity === 'string' ? entity : entity.name).replace(/\s+/g, ' ').trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    named.push({ name, type: entityType(typeof entity === 'string' ? undefined : entity.type) });
  }
  return passed({
    summary: summary.trim(),
    keyPoints: cleanList(keyPoints, LIMITS.keyPoints),
    entities: named.slice(0, LIMITS.entities),
    questions: cleanList(questions, LIMITS.questions),
  });
}

/** Entities by type, in the labels' order, types without any left out. */
export function entitiesByType(entities: readonly Entity[]): { type: EntityType; label: string; names: string[] }[] {
  return (Object.keys(ENTITY_TYPE_LABELS) as EntityType[])
    .map((type) => ({ type, label: ENTITY_TYPE_LABELS[type], names: entities.filter((e) => e.type === type).map((e) => e.name) }))
    .filter((group) => group.names.length > 0);
}

/** The analysis as export sections (Copy, Save as document, downloads and the conversation's first answer all use these). */
function analysisSections(analysis: DocumentAnalysis): { heading: string; markdown: string }[] {
  const entities = entitiesByType(analysis.entities)
    .map((group) => `- **${group.label}:** ${group.names.join(', ')}`)
    .join('\n');
  return [
    { heading: ANALYSIS_TEXTS.summary, markdown: analysis.summary },
    { heading: ANALYSIS_TEXTS.keyPoints, markdown: markdownList(analysis.keyPoints) },
    { heading: ANALYSIS_TEXTS.entities, markdown: entities || ANALYSIS_TEXTS.noEntities },
    { heading: ANALYSIS_TEXTS.questions, markdown: markdownList(analysis.questions) },
  ].filter((section) => section.markdown.trim());
}

/** The analysis as Markdown: one `##` section each. */
export function analysisMarkdown(analysis: DocumentAnalysis): string {
  return analysisSections(analysis)
    .map((section) => `## ${section.heading}\n\n${section.markdown}`)
    .join('\n\n');
}

export function analysisExport(documentName: string, analysis: DocumentAnalysis, when: Date): ExportDocument {
  return {
    title: ANALYSIS_TEXTS.resultTitle(documentName),
    subtitle: when.toISOString().slice(0, 10),
    sections: analysisSections(analysis),
  };
}
