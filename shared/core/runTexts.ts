/**
 * Every user-visible text of running a prompt, on both sides: the dashboard's run-prompt page and
 * history (web/pages/run, web/pages/stacks) and the side panel's run and history views
 * (extension/ui), through the shared pieces in shared/ui/run. Defined once here; tests read them
 * from here too. Where the two sides word a thing differently, both wordings are here, named.
 */

import { COPIED_TEXT } from './text.ts';

/** A run's state as its chip (the page, the history) or its heading (the panel) names it. */
export const RUN_STATUS_LABELS = {
  running: 'Writing…',
  done: 'Done',
  stopped: 'Stopped',
  error: 'Failed',
} as const;

/** Run-prompt notices: a prompt that cannot be run. */
export const RUN_PROMPT_TEXTS = {
  notFound: 'Prompt not found',
  loadError: 'Error loading prompt',
  generationFailed: 'Generation Failed',
  /** Premium prompts without the plan. */
  subscriptionRequired: 'Subscription required',
  subscriptionRequiredText: 'This is a premium prompt. A subscription is required to run it.',
} as const;

export const RUN_TEXTS = {
  ...RUN_PROMPT_TEXTS,
  notFoundText: 'This prompt does not exist, or it is not in your library.',

  // The form
  runPrompt: 'Run prompt',
  running: 'Running…',
  runAgain: 'Run again',
  fillIn: (labels: readonly string[]) => `Fill in: ${labels.join(', ')}.`,
  emptyPrompt: 'The prompt to send is empty.',
  valuesRestored: 'Values restored',
  valuesRestoredText: 'The form holds the values of that run.',

  // The output
  output: 'Output',
  stop: 'Stop',
  writingProgress: 'The AI is writing',
  waiting: 'Waiting for the first words…',
  /** The page's output before the first run (the panel shows no output then). */
  idleHint: 'Fill in the prompt and run it: the answer appears here as it is written.',
  /** The page's note under a stopped run's text. */
  stoppedNote: 'Stopped: the text above is what had arrived.',

  // The output's actions
  copy: 'Copy',
  copied: COPIED_TEXT,
  copyFailed: 'Copy Failed',
  insertIntoPage: 'Insert into page',
  inserted: 'Inserted into the page',
  nothingInserted: 'Nothing Inserted',
  saveAsDocument: 'Save as document',
  savedAsDocument: 'Saved as document',
  documentSaved: 'Document Saved',
  documentSavedText: (name: string) => `"${name}" is in your documents.`,
  openDocument: 'Open',
  /** The saved notice's Open action: the page goes to the documents itself… */
  openDocumentsAlt: 'Open your documents',
  /** …the panel opens them in a dashboard tab. */
  openDocumentsInDashboardAlt: 'Open your documents in the dashboard',

  // Recording a run
  recordError: 'Error saving run history',

  // The history
  runs: 'Runs',
  historyLoading: 'Loading run history',
  historyEmpty: 'No runs yet. Run a prompt and it is kept here.',
  historyError: 'Error fetching run history',
  /** The panel history's retry button (the page's is QueryState's "Try again"). */
  retry: 'Retry',
  showOlder: 'Show older runs',
  runAt: (when: string) => `Run ${when}`,
  noOutput: 'No output.',
  filledValues: 'Filled values',
  promptSent: 'Prompt sent',
  promptSentOn: (url: string) => `Prompt sent on ${url}`,
  useValues: 'Use these values',
  openInRunner: 'Open in the runner',
  delete: 'Delete',
  deleteRunTitle: 'Delete this run?',
  /** The confirmation: the panel's runs keep no values worth naming… */
  deleteRunText: (promptName: string) => `The output of “${promptName}” is removed from your history. This cannot be undone.`,
  /** …the page's do. */
  deleteRunWithValuesText: (promptName: string) =>
    `The output of “${promptName}” and the values you filled in are removed from your history. This cannot be undone.`,
  runDeleted: 'Run deleted',
  deleteRunError: 'Error deleting run',
  historyTitle: 'Your runs of this prompt',
  allRunsTitle: 'Your runs',
  /** A history title with its count, when there are runs. */
  withCount: (title: string, count: number | null) => (count ? `${title} (${count})` : title),
  clearHistory: 'Clear history',
  clearHistoryTitle: 'Clear your run history?',
  clearHistoryText: 'Every run, with its output and the values you filled in, is deleted. Your prompts stay. This cannot be undone.',
  historyCleared: 'Run history cleared',
} as const;
