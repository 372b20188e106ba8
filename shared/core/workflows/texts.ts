import { WORKFLOW_LIMITS } from './limits.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** Every user-visible text of workflows (builder, runs, schedules), on the dashboard and in the side panel. */
export const WORKFLOW_TEXTS = {
  // Definition
  badDefinition: 'This workflow could not be read. Open it in the builder and save it again.',
  newerVersion: 'This workflow was saved by a newer version of AI Vault. Reload the page to update.',
  badStepName: 'A step name starts with a letter and uses only lower-case letters, digits and underscores (at most 40).',
  duplicateStepName: (name: string) => `Two steps are named “${name}”. Give each step its own name.`,
  promptTooLong: `A step's prompt can be at most ${n(WORKFLOW_LIMITS.promptLength)} characters.`,
  noSteps: 'Add at least one step.',
  tooManySteps: `A workflow can have at most ${WORKFLOW_LIMITS.steps} steps.`,
  nameRequired: 'Give the workflow a name.',
  notFound: 'This workflow does not exist, or it is not yours.',
  // Variables
  stepLabel: (index: number, name: string) => `Step ${index + 1} “${name}”`,
  emptyPrompt: 'write a prompt.',
  badReferenceShape: 'write an earlier step’s output as {{steps.<name>.output}}.',
  itemOutsideForEach: '{{item}} can only be used in a “for each” step.',
  laterStep: (raw: string) => `${raw} refers to a later step; a step can only use the outputs of the steps before it.`,
  unknownStep: (raw: string) => `${raw} refers to a step that does not exist.`,
  forEachSourceMissing: 'choose the earlier step whose output it goes through.',
  forEachSourceUnknown: (name: string) => `goes through “${name}”, which is not an earlier step.`,
  // Image steps
  imageSettingsMissing: 'An image step needs its image model: choose a provider, a model and a shape.',
  /** What later steps get from an image step: they read this text, they cannot see the picture. */
  imageOutput: (description: string) =>
    `${description.trim()}\n\n(A picture was made from this description and saved to Images. Later steps get this text, not the picture.)`,
  imageSaveFailed: (detail: string) => `The picture was made but could not be saved: ${detail}`,
  // Web search
  webSearchPromptOnly: (name: string) =>
    `“${name}” searches the web, which only a prompt step can do: turn Search the web off or make it a prompt step.`,
  // For each
  noJsonArray: 'The earlier output has no JSON array to go through. Ask that step to answer with a JSON array, or split by lines.',
  noItems: 'The earlier output has no items to go through.',
  tooManyItems: (count: number) =>
    `The earlier output has ${count} items; a “for each” step goes through at most ${WORKFLOW_LIMITS.forEachItems}.`,
} as const;
