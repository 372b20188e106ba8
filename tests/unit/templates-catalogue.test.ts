import { describe, expect, it } from 'vitest';
import { AiJsonError } from '@/shared/ai/aiErrors.ts';
import { parseJsonReply } from '@/shared/ai/jsonReply.ts';
import {
  DOCUMENT_TASKS,
  DOCUMENT_TEMPLATES,
  documentTitleFrom,
  generationPrompt,
  isTemplateId,
  promptSuggestionSchema,
  suggestionPrompt,
  TEMPLATE_IDS,
  TEMPLATE_LIST,
  templateLabel,
} from '@/shared/core/documents/templates.ts';

describe('document templates', () => {
  it('are the ten built-in templates, in order', () => {
    expect(TEMPLATE_IDS).toEqual([
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
    ]);
    expect(TEMPLATE_LIST.map((t) => t.id)).toEqual(TEMPLATE_IDS);
  });

  it('each have a label, a description and at least four distinct section headings', () => {
    for (const id of TEMPLATE_IDS) {
      const template = DOCUMENT_TEMPLATES[id];
      expect(template.id).toBe(id);
      expect(template.label.trim()).not.toBe('');
      expect(template.description.trim()).not.toBe('');
      expect(template.sections.length).toBeGreaterThanOrEqual(4);
      expect(new Set(template.sections).size).toBe(template.sections.length);
    }
  });

  it('knows its ids and labels unknown ones by their id', () => {
    expect(isTemplateId('press_release')).toBe(true);
    expect(isTemplateId('novel')).toBe(false);
    expect(isTemplateId(null)).toBe(false);
    expect(templateLabel('case_study_format')).toBe('Case Study');
    expect(templateLabel('legacy_thing')).toBe('legacy_thing');
    expect(templateLabel(null)).toBe('No template');
  });
});

describe('generation prompts', () => {
  it('ask for the template’s structure, one heading per section in order', () => {
    const prompt = generationPrompt('  Launch of our budgeting app  ', 'press_release', 'Company: Acme');
    expect(prompt.split('\n')[0]).toBe(`Task: ${DOCUMENT_TASKS.generation}`);
    expect(prompt).toContain('Template: press_release');
    expect(prompt).toContain('Launch of our budgeting app');
    expect(prompt).toContain('Company: Acme');
    const headings = prompt.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual(DOCUMENT_TEMPLATES.press_release.sections.map((s) => `## ${s}`));
  });

  it('leave the background out when there is none', () => {
    expect(generationPrompt('x', 'blog_post')).not.toContain('background');
  });

  it('ask for a JSON suggestion that parses back, with or without a code fence', () => {
    const prompt = suggestionPrompt('write a blog post', 'blog_post');
    expect(prompt.split('\n')[0]).toBe(`Task: ${DOCUMENT_TASKS.suggestion}`);
    expect(prompt).toContain('"suggestedPrompt"');
    const answer =
      '```json\n{"suggestedPrompt":"Write a 1,000-word post for new runners","reasoning":"Names the audience and length."}\n```';
    // The generator reads the answer with parseJsonReply (through completeJson).
    expect(parseJsonReply(answer, promptSuggestionSchema)).toEqual({
      suggestedPrompt: 'Write a 1,000-word post for new runners',
      reasoning: 'Names the audience and length.',
    });
    expect(() => parseJsonReply('{"suggestedPrompt":"  ","reasoning":"x"}', promptSuggestionSchema)).toThrow(AiJsonError);
    expect(() => parseJsonReply('I would rather not.', promptSuggestionSchema)).toThrow(AiJsonError);
    expect(() => parseJsonReply('{not json}', promptSuggestionSchema)).toThrow(AiJsonError);
  });

  it('take a document’s title from its first heading, its first line, or the template', () => {
    expect(documentTitleFrom('Intro\n# Spring Launch\n## Body', 'blog_post')).toBe('Spring Launch');
    expect(documentTitleFrom('**Agenda** for Monday\n- item', 'meeting_agenda')).toBe('Agenda for Monday');
    expect(documentTitleFrom('   \n', 'meeting_agenda')).toBe('Meeting Agenda');
    expect(documentTitleFrom(`# ${'a'.repeat(200)}`, null)).toHaveLength(120);
  });
});
