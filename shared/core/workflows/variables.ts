import { fillPrompt, parsePrompt, type PageVariable, type PromptField } from '../placeholders.ts';
import type { WorkflowDefinition, WorkflowStep } from './definition.ts';
import { WORKFLOW_TEXTS } from './texts.ts';

/**
 * What a step's prompt may use, on top of the library's placeholder grammar (`[topic]` fields the
 * run form asks once for the whole workflow, `{{page}}`-style page variables):
 *   {{steps.<name>.output}}  an earlier step's output
 *   {{item}}                 inside a "for each" step: the current item
 * Anything else in double braces that looks like a workflow reference (`{{steps.…}}`, `{{item}}`
 * outside a for-each step) is an error before the run starts. Pure.
 */

const REFERENCE = /\{\{\s*(steps\.([A-Za-z0-9_]*)(?:\.([A-Za-z]+))?|steps|item)\s*\}\}/g;

type StepReference = { kind: 'output'; step: string; raw: string } | { kind: 'item'; raw: string };

interface BadReference {
  raw: string;
  problem: string;
}

function scan(prompt: string): { references: StepReference[]; bad: BadReference[] } {
  const references: StepReference[] = [];
  const bad: BadReference[] = [];
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(prompt); m; m = REFERENCE.exec(prompt)) {
    const raw = m[0];
    if (m[1] === 'item') references.push({ kind: 'item', raw });
    else if (m[2] && m[3] === 'output') references.push({ kind: 'output', step: m[2], raw });
    else bad.push({ raw, problem: WORKFLOW_TEXTS.badReferenceShape });
  }
  return { references, bad };
}

/** One problem found before running: which step, what is wrong. */
export interface WorkflowProblem {
  stepIndex: number;
  message: string;
}

/** The variables a step may use: the run form's fields, page variables, earlier outputs, and the item. */
export interface AvailableVariables {
  steps: string[];
  item: boolean;
}

export function availableAt(definition: WorkflowDefinition, stepIndex: number): AvailableVariables {
  const step = definition.steps[stepIndex];
  return {
    steps: definition.steps.slice(0, stepIndex).map((s) => s.name),
    item: step?.kind === 'for_each',
  };
}

/** Every problem that would stop a run, in step order; empty when the workflow can run. */
export function workflowProblems(definition: WorkflowDefinition): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  definition.steps.forEach((step, index) => {
    const label = WORKFLOW_TEXTS.stepLabel(index, step.name);
    const add = (message: string) => problems.push({ stepIndex: index, message: `${label}: ${message}` });
    if (!step.prompt.trim()) add(WORKFLOW_TEXTS.emptyPrompt);
    const available = availableAt(definition, index);
    const { references, bad } = scan(step.prompt);
    for (const b of bad) add(`${b.raw} — ${b.problem}`);
    for (const ref of references) {
      if (ref.kind === 'item' && !available.item) add(WORKFLOW_TEXTS.itemOutsideForEach);
      if (ref.kind === 'output' && !available.steps.includes(ref.step)) {
        const later = definition.steps.some((s) => s.name === ref.step);
        add(later ? WORKFLOW_TEXTS.laterStep(ref.raw) : WORKFLOW_TEXTS.unknownStep(ref.raw));
      }
    }
    if (step.kind === 'for_each') {
      if (!step.forEach) add(WORKFLOW_TEXTS.forEachSourceMissing);
      else if (!available.steps.includes(step.forEach.source)) add(WORKFLOW_TEXTS.forEachSourceUnknown(step.forEach.source));
    }
  });
  return problems;
}

/** The run form's fields: every placeholder and page variable of every step, once, in order of first use. */
export function workflowFields(definition: WorkflowDefinition): PromptField[] {
  const fields = new Map<string, PromptField>();
  for (const step of definition.steps) {
    for (const field of parsePrompt(step.prompt).fields) if (!fields.has(field.id)) fields.set(field.id, field);
  }
  return [...fields.values()];
}

/** The page variables a workflow uses (such a workflow runs on a page and cannot be scheduled). */
export function workflowPageVariables(definition: WorkflowDefinition): PageVariable[] {
  return workflowFields(definition).flatMap((f) => (f.kind === 'page' ? [f.name] : []));
}

export interface StepValues {
  /** The run form's values, keyed by field id (as `fillPrompt` takes them). */
  fields: Readonly<Record<string, string | undefined>>;
  /** Outputs of the steps already run, by name. */
  outputs: Readonly<Record<string, string>>;
  /** The current item of a for-each step. */
  item?: string;
}

/**
 * The prompt a step sends. One pass: references are replaced by outputs verbatim and the text
 * between them is filled with the form's values, so an output that itself contains `[x]` or
 * `{{steps…}}` is never read as a placeholder.
 */
export function resolveStepPrompt(step: Pick<WorkflowStep, 'prompt'>, values: StepValues): string {
  let out = '';
  let at = 0;
  const fill = (text: string) => fillPrompt(text, values.fields).text;
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(step.prompt); m; m = REFERENCE.exec(step.prompt)) {
    out += fill(step.prompt.slice(at, m.index));
    if (m[1] === 'item') out += values.item ?? m[0];
    else if (m[2] && m[3] === 'output') out += values.outputs[m[2]] ?? m[0];
    else out += m[0];
    at = m.index + m[0].length;
  }
  return out + fill(step.prompt.slice(at));
}

/** The earlier steps a step reads (for-each source included), for the builder's list. */
export function stepInputs(step: WorkflowStep): string[] {
  const names = scan(step.prompt).references.flatMap((r) => (r.kind === 'output' ? [r.step] : []));
  if (step.forEach) names.unshift(step.forEach.source);
  return [...new Set(names)];
}

export const outputReference = (name: string): string => `{{steps.${name}.output}}`;

/** Required fields (run form and page variables) left empty with no default, in form order. */
export function missingFields(definition: WorkflowDefinition, values: Readonly<Record<string, string | undefined>>): PromptField[] {
  return workflowFields(definition).filter((field) => {
    const value = values[field.id];
    return (value === undefined || value.trim() === '') && field.defaultValue === undefined;
  });
}
