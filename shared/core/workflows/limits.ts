/** How big a workflow may get (kept apart so the definition and its texts both read them). */
export const WORKFLOW_LIMITS = {
  steps: 20,
  nameLength: 100,
  promptLength: 20_000,
  forEachItems: 100,
  maxConcurrency: 10,
} as const;
