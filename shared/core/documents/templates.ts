import { z } from 'zod';

/**
 * The document generator's templates (ids fixed: saved prompts and documents store them) with the structure each
 * generated document follows, and the two prompts of the suggested-prompt flow:
 * the first Generate asks the AI to improve the user's prompt (JSON answer, validated by
 * `promptSuggestionSchema`); the second produces the document in the template's structure
 * (Markdown, streamed). Each prompt starts with a `Task:` line so logs, tests and the fake provider
 * can tell them apart.
 */

export const TEMPLATE_IDS = [
  'blog_post',
  'marketing_email',
  'social_media_campaign',
  'product_description',
  'meeting_agenda',
  'project_proposal',
  'press_release',
  'case_study_format',
  'video_script_outline',
  'report_summary',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface DocumentTemplate {
  id: TemplateId;
  label: string;
  /** One line for the template picker. */
  description: string;
  /** The document's section headings, in order: the structure the AI is asked to follow. */
  sections: readonly string[];
}

export const DOCUMENT_TEMPLATES: Record<TemplateId, DocumentTemplate> = {
  blog_post: {
    id: 'blog_post',
    label: 'Blog Post',
    description: 'A readable article with an introduction, body sections and a call to action.',
    sections: ['Title', 'Introduction', 'Main Points', 'Examples', 'Conclusion', 'Call to Action'],
  },
  marketing_email: {
    id: 'marketing_email',
    label: 'Marketing Email',
    description: 'One persuasive email: subject line, preview text, body and a clear call to action.',
    sections: ['Subject Line', 'Preview Text', 'Greeting', 'Body', 'Call to Action', 'Sign-off'],
  },
  social_media_campaign: {
    id: 'social_media_campaign',
    label: 'Social Media Campaign',
    description: 'A campaign plan with goals, audience, posts per platform and a schedule.',
    sections: ['Campaign Goal', 'Target Audience', 'Key Message', 'Posts by Platform', 'Hashtags', 'Posting Schedule', 'Success Metrics'],
  },
  product_description: {
    id: 'product_description',
    label: 'Product Description',
    description: 'A product page text: headline, benefits, features and specifications.',
    sections: ['Headline', 'Overview', 'Key Benefits', 'Features', 'Specifications', 'Call to Action'],
  },
  meeting_agenda: {
    id: 'meeting_agenda',
    label: 'Meeting Agenda',
    description: 'An agenda with objective, attendees, timed topics and action items.',
    sections: ['Meeting Details', 'Objective', 'Attendees', 'Agenda Items', 'Decisions Needed', 'Action Items'],
  },
  project_proposal: {
    id: 'project_proposal',
    label: 'Project Proposal',
    description: 'A proposal with the problem, scope, timeline, budget and risks.',
    sections: ['Executive Summary', 'Problem Statement', 'Objectives', 'Scope', 'Timeline', 'Budget', 'Risks', 'Next Steps'],
  },
  press_release: {
    id: 'press_release',
    label: 'Press Release',
    description: 'A news release: headline, dateline, lead, quotes and boilerplate.',
    sections: ['Headline', 'Subheadline', 'Dateline and Lead', 'Body', 'Quote', 'About the Company', 'Media Contact'],
  },
  case_study_format: {
    id: 'case_study_format',
    label: 'Case Study',
    description: 'A customer story: challenge, solution, results and a testimonial.',
    sections: ['Title', 'Customer Overview', 'Challenge', 'Solution', 'Results', 'Testimonial', 'Conclusion'],
  },
  video_script_outline: {
    id: 'video_script_outline',
    label: 'Video Script Outline',
    description: 'A script outline from the hook to the call to action, scene by scene.',
    sections: ['Hook', 'Introduction', 'Scenes', 'Key Talking Points', 'Visual Notes', 'Call to Action'],
  },
  report_summary: {
    id: 'report_summary',
    label: 'Report Summary',
    description: 'A short summary of a report: findings, analysis and recommendations.',
    sections: ['Summary', 'Background', 'Key Findings', 'Analysis', 'Recommendations', 'Conclusion'],
  },
};

export const TEMPLATE_LIST: readonly DocumentTemplate[] = TEMPLATE_IDS.map((id) => DOCUMENT_TEMPLATES[id]);

export function isTemplateId(value: unknown): value is TemplateId {
  return typeof value === 'string' && (TEMPLATE_IDS as readonly string[]).includes(value);
}

/** The template's label, or the raw id for a template this version does not know. */
export function templateLabel(id: string | null | undefined): string {
  if (!id) return 'No template';
  return isTemplateId(id) ? DOCUMENT_TEMPLATES[id].label : id;
}

export const DOCUMENT_TASKS = {
  suggestion: 'document-prompt-suggestion',
  generation: 'document-generation',
} as const;

/** The suggestion the AI returns for a prompt (first Generate). */
export const promptSuggestionSchema = z.object({
  suggestedPrompt: z.string().trim().min(1).max(100_000),
  reasoning: z.string().trim().min(1).max(20_000),
});

const structureLines = (template: DocumentTemplate) => template.sections.map((heading) => `## ${heading}`).join('\n');

/** First Generate: ask the AI to improve the prompt for the chosen template (JSON answer). */
export function suggestionPrompt(promptText: string, templateId: TemplateId): string {
  const template = DOCUMENT_TEMPLATES[templateId];
  return `Task: ${DOCUMENT_TASKS.suggestion}
Template: ${template.id}
You are an expert prompt engineer. A user wants a ${template.label.toLowerCase()} and wrote this prompt:
"""
${promptText.trim()}
"""

Improve the prompt so the document comes out specific and useful: name the audience, the goal, the tone,
the length and any facts the writer must use, keeping everything the user asked for. The document will
have these sections: ${template.sections.join(', ')}.

Answer with one JSON object only: {"suggestedPrompt": "the improved prompt", "reasoning": "2-4 sentences on what you changed and why"}`;
}

/** Second Generate: write the document in the template's structure (Markdown). */
export function generationPrompt(promptText: string, templateId: TemplateId, background = ''): string {
  const template = DOCUMENT_TEMPLATES[templateId];
  const context = background.trim() ? `\n\nUse this background knowledge where it helps:\n"""\n${background.trim()}\n"""` : '';
  return `Task: ${DOCUMENT_TASKS.generation}
Template: ${template.id}
Write a ${template.label.toLowerCase()} for this request:
"""
${promptText.trim()}
"""${context}

Write it in Markdown and follow this structure, one "##" heading per section, in this order:
${structureLines(template)}

Start with a single "# " line holding the document's title. Answer with the document only.`;
}

/** The document's title: its first "# " heading, else the first line, else the template's label. */
export function documentTitleFrom(markdown: string, templateId: string | null): string {
  const plain = (line: string | undefined) =>
    line
      ?.replace(/^[#>*\-\s]+/, '')
      .replace(/[*_`]+/g, '')
      .trim();
  const heading = plain(/^#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1]);
  const firstLine = plain(markdown.split('\n').find((line) => line.trim()));
  const title = heading || firstLine || templateLabel(templateId);
  return title.length > 120 ? `${title.slice(0, 117)}...` : title;
}
