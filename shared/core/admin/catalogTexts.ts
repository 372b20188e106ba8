/** What the admin editors of the prompt catalogues say: field rules, confirmations and notices. */
export const CATALOG_TEXTS = {
  tabIntro: 'The catalogues every user sees on Recommended Prompts and Prompt Stacks. Changes show there at once.',
  recommendedTitle: 'Recommended prompts',
  freeTitle: 'Free prompt stacks',
  nameRequired: 'Enter a name.',
  textRequired: 'Enter the prompt text.',
  categoryRequired: 'Choose or type a category.',
  unknownProvider: 'Choose a provider from the list.',
  questionLabelRequired: 'Enter the question to ask.',
  questionKeyRequired: 'Enter the placeholder this question fills.',
  questionKeyMissing: (key: string) => `The text has no [${key}] placeholder: add it to the text or fix the key.`,
  questionKeyRepeated: (key: string) => `[${key}] is already asked by another question.`,
  notSaved: 'Not saved',
  refused: 'Only admins can change the prompt catalogues.',
  noRecommended: 'No recommended prompts yet. Add the first one.',
  noRecommendedMatch: (search: string) => `No recommended prompts match “${search}”.`,
  noCategories: 'No categories yet. Add one, then its prompts.',
  emptyCategory: 'No prompts in this category yet.',
  deleteRecommended: (name: string) => `Delete “${name}” from the recommended prompts? Users’ saved copies are kept.`,
  deleteCategory: (name: string, count: number) =>
    count === 0
      ? `Delete the category “${name}”? It has no prompts.`
      : `Delete the category “${name}” and its ${count} prompt${count === 1 ? '' : 's'}? They go with it.`,
  deletePrompt: (name: string) => `Delete the prompt “${name}” from its stack?`,
  saved: (name: string) => ({ title: 'Saved', description: `“${name}” is saved.` }),
  deleted: (name: string) => ({ title: 'Deleted', description: `“${name}” is deleted.` }),
  failed: (message: string) => ({ title: 'Could not save the catalogue', description: message, variant: 'destructive' as const }),
} as const;
