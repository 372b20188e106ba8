import { describe, expect, it } from 'vitest';
import { parseWorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_TEMPLATES, workflowTemplate } from '@/shared/core/workflows/templates.ts';
import { workflowPageVariables, workflowProblems } from '@/shared/core/workflows/variables.ts';

/** The built-in templates: each parses, has no problem before running, and is found by id. */

describe('WORKFLOW_TEMPLATES', () => {
  it('has at least five, with unique ids, a for-each one among them', () => {
    expect(WORKFLOW_TEMPLATES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(WORKFLOW_TEMPLATES.map((t) => t.id)).size).toBe(WORKFLOW_TEMPLATES.length);
    expect(WORKFLOW_TEMPLATES.some((t) => t.definition.steps.some((s) => s.kind === 'for_each'))).toBe(true);
  });

  it.each(WORKFLOW_TEMPLATES.map((t) => [t.id, t] as const))('%s parses and has no problems', (_id, template) => {
    expect(parseWorkflowDefinition(template.definition)).toEqual({ ok: true, value: template.definition });
    expect(workflowProblems(template.definition)).toEqual([]);
    expect(template.name.trim()).not.toBe('');
    expect(template.description.trim()).not.toBe('');
  });

  it('workflowTemplate finds each by id, nothing for an unknown one; page templates are told apart', () => {
    for (const t of WORKFLOW_TEMPLATES) expect(workflowTemplate(t.id)).toBe(t);
    expect(workflowTemplate('nope')).toBeUndefined();
    expect(workflowPageVariables(workflowTemplate('blog-post')!.definition)).toEqual([]);
    expect(workflowPageVariables(workflowTemplate('youtube-thread')!.definition)).toEqual(['title', 'url', 'transcript']);
  });
});
