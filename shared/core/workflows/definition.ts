import { z } from 'zod';
import { IMAGE_MODELS, IMAGE_TEXTS, imageSupport, type ImageProvider, type ImageShape } from '../images/imageModels.ts';
import { PROVIDER_IDS } from '../providerKeys.ts';
import { WORKFLOW_LIMITS } from './limits.ts';
import { WORKFLOW_TEXTS } from './texts.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * A workflow's saved definition: a named list of steps, stored as JSON with its version so a
 * definition saved by an older release keeps parsing after the shape changes (each older version
 * gets an upgrade to the next). Pure; used by the builder, the run engine and the Edge Functions.
 */

/** The version this release writes. */
export const WORKFLOW_DEFINITION_VERSION = 1;

/** A step's reference name, used as {{steps.<name>.output}}: lower-case letters, digits and underscores. */
export const STEP_NAME = /^[a-z][a-z0-9_]{0,39}$/;

const knowledgeScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('uncategorized') }),
  z.object({ kind: z.literal('folder'), folderId: z.uuid() }),
]);

const forEachSettings = z.object({
  /** The earlier step whose output is split into items. */
  source: z.string().regex(STEP_NAME),
  /** One item per non-empty line, or per element of a JSON array (found anywhere in the output). */
  split: z.enum(['lines', 'json']),
  concurrency: z.number().int().min(1).max(WORKFLOW_LIMITS.maxConcurrency),
});

const imageSettings = z.object({
  /** Any provider may be written here; one without image models is refused with IMAGE_TEXTS' sentence. */
  provider: z.enum(PROVIDER_IDS),
  model: z.string().max(200),
  shape: z.enum(['square', 'landscape', 'portrait', 'wide'] satisfies ImageShape[]),
});

const stepV1 = z.object({
  /** Stable across renames and moves (the builder's drag-and-drop key). */
  id: z.string().min(1).max(64),
  name: z.string().regex(STEP_NAME, WORKFLOW_TEXTS.badStepName),
  /** image: the prompt describes one picture, drawn by the step's image model and kept in the gallery. */
  kind: z.enum(['prompt', 'for_each', 'image']),
  prompt: z.string().max(WORKFLOW_LIMITS.promptLength, WORKFLOW_TEXTS.promptTooLong),
  /** The library prompt the text was taken from (its text is copied; later edits there do not change the step). */
  promptId: z.uuid().nullable(),
  /** null: the run's model. */
  model: z.string().max(200).nullable(),
  /** Passages of the knowledge base retrieved for this step, or none. */
  knowledge: knowledgeScope.nullable(),
  forEach: forEachSettings.nullable(),
  /** An image step's picture settings (one picture a run). Absent from steps saved before image steps existed. */
  image: imageSettings.nullable().optional(),
  /**
   * A prompt step searches the web for its prompt and sends the results as numbered sources (with
   * the user's search key, or the provider's own search tool). Absent: off.
   */
  webSearch: z.boolean().optional(),
});

const definitionV1 = z.object({
  version: z.literal(1),
  /** The provider and model a run starts with (a scheduled run uses them as saved). */
  provider: z.enum(PROVIDER_IDS).nullable(),
  model: z.string().max(200).nullable(),
  steps: z.array(stepV1).min(1, WORKFLOW_TEXTS.noSteps).max(WORKFLOW_LIMITS.steps, WORKFLOW_TEXTS.tooManySteps),
});

export type WorkflowStep = z.infer<typeof stepV1>;
export type WorkflowDefinition = z.infer<typeof definitionV1>;
export type ForEachSettings = z.infer<typeof forEachSettings>;
export type ImageStepSettings = z.infer<typeof imageSettings>;

/** What an image step starts with in the builder: the app's first choice of picture model. */
export const DEFAULT_IMAGE_SETTINGS: ImageStepSettings = { provider: 'openai', model: IMAGE_MODELS.openai[0]!, shape: 'square' };

/**
 * Why an image step's picture settings cannot be used (missing, a provider without image models,
 * a model that draws nothing), or null. The same sentence refuses the save and the run.
 */
export function imageStepProblem(image: ImageStepSettings | null | undefined): string | null {
  if (!image) return WORKFLOW_TEXTS.imageSettingsMissing;
  const support = imageSupport(image.provider);
  if (!support.ok) return support.error;
  if (!support.value.includes(image.model)) return IMAGE_TEXTS.unknownModel(image.model, image.provider as ImageProvider);
  return null;
}

/**
 * Upgrades from each older version to the next, keyed by the version they read. Empty while only
 * version 1 exists; a change of shape adds `1: (v1) => v2` here and bumps the version above.
 */
const UPGRADES: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

/** Reads a stored or submitted definition: upgraded to the current version, then checked. */
export function parseWorkflowDefinition(raw: unknown): Check<WorkflowDefinition> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refused(WORKFLOW_TEXTS.badDefinition);
  let current = raw as Record<string, unknown>;
  let version = current.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return refused(WORKFLOW_TEXTS.badDefinition);
  if (version > WORKFLOW_DEFINITION_VERSION) return refused(WORKFLOW_TEXTS.newerVersion);
  while (version < WORKFLOW_DEFINITION_VERSION) {
    const upgrade = UPGRADES[version];
    if (!upgrade) return refused(WORKFLOW_TEXTS.badDefinition);
    current = upgrade(current);
    version = current.version;
    if (typeof version !== 'number') return refused(WORKFLOW_TEXTS.badDefinition);
  }
  const parsed = definitionV1.safeParse(current);
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? WORKFLOW_TEXTS.badDefinition);
  const names = new Set<string>();
  for (const step of parsed.data.steps) {
    if (names.has(step.name)) return refused(WORKFLOW_TEXTS.duplicateStepName(step.name));
    names.add(step.name);
    if (step.kind === 'image') {
      const problem = imageStepProblem(step.image);
      if (problem) return refused(problem);
    }
    if (step.webSearch && step.kind !== 'prompt') return refused(WORKFLOW_TEXTS.webSearchPromptOnly(step.name));
  }
  return passed(parsed.data);
}

/** A new, empty step with a name not yet used in the workflow. */
export function newStep(existing: readonly Pick<WorkflowStep, 'name'>[], id: string, kind: WorkflowStep['kind'] = 'prompt'): WorkflowStep {
  const used = new Set(existing.map((s) => s.name));
  let n = existing.length + 1;
  while (used.has(`step_${n}`)) n += 1;
  const step: WorkflowStep = { id, name: `step_${n}`, kind, prompt: '', promptId: null, model: null, knowledge: null, forEach: null };
  return kind === 'image' ? { ...step, image: DEFAULT_IMAGE_SETTINGS } : step;
}

/** A copy of a step under a free name (the builder's Duplicate). */
export function duplicateStep(step: WorkflowStep, existing: readonly Pick<WorkflowStep, 'name'>[], id: string): WorkflowStep {
  const used = new Set(existing.map((s) => s.name));
  const base = step.name.replace(/_copy(_\d+)?$/, '').slice(0, 30);
  let name = `${base}_copy`;
  for (let n = 2; used.has(name); n += 1) name = `${base}_copy_${n}`;
  return { ...step, id, name };
}

/** An empty workflow for the builder. */
export const emptyDefinition = (firstStepId: string): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: null,
  model: null,
  steps: [newStep([], firstStepId)],
});
