/** Every user-visible text of running workflows (the run page, history, the side panel, scheduled runs). */
export const RUN_TEXTS = {
  missingFields: (labels: string[]) => `Fill in ${labels.join(', ')} before running.`,
  limit: 'Monthly Generation Limit Reached',
  knowledgeFailed: 'The knowledge base could not be searched',
  emptyAnswer: 'The AI returned an empty answer. Please try again.',
  itemsFailed: (failed: number, total: number, first: string) => `${failed} of ${total} items failed. ${first}`,
  runNotFound: 'This run does not exist, or it is not yours.',
  workflowNotFound: 'This workflow does not exist, or it is not yours.',
  templateNotFound: 'There is no such template.',
  chooseModel: 'Choose a provider and a model.',
  running: 'This run is still going. Wait for it to end or stop it first.',
} as const;
