import { PAGE_VARIABLES, type PageVariable, type PromptField } from '../placeholders.ts';
import { BUILDER_TEXTS } from './builderTexts.ts';
import { STEP_NAME, parseWorkflowDefinition, type WorkflowDefinition } from './definition.ts';
import { WORKFLOW_LIMITS } from './limits.ts';
import { WORKFLOW_TEXTS } from './texts.ts';
import { availableAt, outputReference, workflowProblems, type WorkflowProblem } from './variables.ts';

/** The builder's pure parts: moving steps, inserting at the cursor, the variable menu, the form summary, checks. */

/** The list with the item at `from` moved to `to` (a new array; out-of-range moves change nothing). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** `insert` put in place of the selection [start, end) of `text`, and where the cursor goes after it. */
export function insertAtCursor(text: string, start: number, end: number, insert: string): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

export interface VariableOption {
  group: 'page' | 'steps' | 'item';
  label: string;
  insert: string;
}

/** What the "Insert variable" menu offers at a step: page variables, earlier steps' outputs, and {{item}} in a for-each step. */
export function variableOptions(definition: WorkflowDefinition, stepIndex: number): VariableOption[] {
  const available = availableAt(definition, stepIndex);
  const page = (Object.keys(PAGE_VARIABLES) as PageVariable[]).map((name): VariableOption => ({
    group: 'page',
    label: PAGE_VARIABLES[name].label,
    insert: `{{${name}}}`,
  }));
  const steps = available.steps.map((name): VariableOption => ({
    group: 'steps',
    label: BUILDER_TEXTS.stepOutput(name),
    insert: outputReference(name),
  }));
  const item: VariableOption[] = available.item ? [{ group: 'item', label: BUILDER_TEXTS.currentItem, insert: '{{item}}' }] : [];
  return [...page, ...steps, ...item];
}

/** One line on the run form: "Asked when run: Topic, Audience; from the page: Page text", or null when nothing is asked. */
export function fieldsSummary(fields: readonly PromptField[]): string | null {
  const asked = fields.filter((f) => f.kind !== 'page').map((f) => f.label);
  const page = fields.filter((f) => f.kind === 'page').map((f) => f.label);
  const parts = [
    ...(asked.length ? [BUILDER_TEXTS.askedWhenRun(asked)] : []),
    ...(page.length ? [asked.length ? BUILDER_TEXTS.fromThePage(page) : capitalise(BUILDER_TEXTS.fromThePage(page))] : []),
  ];
  return parts.length ? parts.join('; ') : null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A duplicate's name, kept within the length a name may have. */
export const copyName = (name: string): string => BUILDER_TEXTS.copyName(name.slice(0, WORKFLOW_LIMITS.nameLength - 7));

/** Why each step's name is refused (by step index): the name rule, or a name another step has. */
export function stepNameErrors(definition: WorkflowDefinition): Map<number, string> {
  const errors = new Map<number, string>();
  const counts = new Map<string, number>();
  for (const step of definition.steps) counts.set(step.name, (counts.get(step.name) ?? 0) + 1);
  definition.steps.forEach((step, index) => {
    if (!STEP_NAME.test(step.name)) errors.set(index, WORKFLOW_TEXTS.badStepName);
    else if ((counts.get(step.name) ?? 0) > 1) errors.set(index, WORKFLOW_TEXTS.duplicateStepName(step.name));
  });
  return errors;
}

/** Why the workflow cannot be saved (its name, or what the schema refuses), or null when it can. */
export function saveProblem(name: string, definition: WorkflowDefinition): string | null {
  if (!name.trim()) return WORKFLOW_TEXTS.nameRequired;
  if (name.trim().length > WORKFLOW_LIMITS.nameLength) return BUILDER_TEXTS.nameTooLong;
  const parsed = parseWorkflowDefinition(definition);
  return parsed.ok ? null : parsed.error;
}

/** A step's own problems, without the "Step n “name”:" the workflow-wide list starts each with. */
export function problemsOfStep(problems: readonly WorkflowProblem[], definition: WorkflowDefinition, index: number): string[] {
  const step = definition.steps[index];
  const label = step ? `${WORKFLOW_TEXTS.stepLabel(index, step.name)}: ` : '';
  return problems
    .filter((p) => p.stepIndex === index)
    .map((p) => (label && p.message.startsWith(label) ? p.message.slice(label.length) : p.message));
}

export interface BuilderProblem {
  /** The step it belongs to, or null for the workflow as a whole. */
  stepIndex: number | null;
  message: string;
  /** Refused by the schema (cannot be saved), not only by the checks before running. */
  blocksSave: boolean;
}

/** Everything the builder lists: what stops saving (the name, step names, the schema), then what stops running, in step order. */
export function builderProblems(name: string, definition: WorkflowDefinition): BuilderProblem[] {
  const names = stepNameErrors(definition);
  const schema = saveProblem(name, definition);
  const whole: BuilderProblem[] =
    schema && (!name.trim() || names.size === 0)
      ? [{ stepIndex: null, message: name.trim() ? schema : WORKFLOW_TEXTS.nameRequired, blocksSave: true }]
      : [];
  const steps: BuilderProblem[] = [
    ...[...names].map(([index, message]) => ({
      stepIndex: index,
      message: `${WORKFLOW_TEXTS.stepLabel(index, definition.steps[index]?.name ?? '')}: ${message}`,
      blocksSave: true,
    })),
    ...workflowProblems(definition).map((p) => ({ ...p, blocksSave: false })),
  ];
  // Stable: within a step, its save problems stay before its run problems.
  return [...whole, ...steps.sort((a, b) => (a.stepIndex ?? -1) - (b.stepIndex ?? -1))];
}
