/** Every user-visible text of scheduled workflow runs: the schedule form, its checks, the run mails. */

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const SCHEDULE_TEXTS = {
  // Checks
  badFrequency: 'Choose how often the workflow runs: every hour, every day or every week.',
  badTime: 'Enter a time as HH:MM (24-hour clock), e.g. 09:00.',
  weekdayRequired: 'Choose the day of the week the workflow runs on.',
  badTimeZone: 'Choose a time zone from the list, e.g. Europe/Paris.',
  badSchedule: 'This schedule could not be read. Set it again.',
  usesPageVariables: (names: readonly string[]) =>
    `This workflow reads the current page (${names.map((n) => `{{${n}}}`).join(', ')}), so it can only run from the side panel on a page. Remove those variables to schedule it.`,
  requiredFields: (labels: readonly string[]) =>
    `A scheduled run has nobody to fill in its form. Give these fields a default value ([name=default]) to schedule it: ${labels.join(', ')}.`,
  hasProblems: (first: string) => `Fix the workflow before scheduling it. ${first}`,
  unreadableWorkflow: 'This workflow could not be read. Open it in the builder and save it again before scheduling it.',
  noModel: 'Choose the provider and model the workflow runs with (in the builder) before scheduling it.',
  // Describing
  everyHour: (minute: string, zone: string) => `Every hour at ${minute} minutes past (${zone})`,
  everyDay: (time: string, zone: string) => `Every day at ${time} (${zone})`,
  everyWeek: (weekday: string, time: string, zone: string) => `Every ${weekday} at ${time} (${zone})`,
  // The schedule card
  title: 'Schedule',
  intro: 'Run this workflow on its own, with your saved API key. Each result is saved as a document and sent to you by e-mail.',
  frequency: 'Runs',
  frequencyOptions: { hourly: 'Every hour', daily: 'Every day', weekly: 'Every week' },
  minute: 'Minute past the hour',
  time: 'Time',
  weekday: 'Day',
  timeZone: 'Time zone',
  timeZoneHelp: 'Start typing to search, e.g. “Paris” or “New York”.',
  save: 'Save schedule',
  update: 'Update schedule',
  resume: 'Resume schedule',
  saving: 'Saving…',
  remove: 'Remove schedule',
  removing: 'Removing…',
  saved: 'Schedule saved.',
  removed: 'Schedule removed.',
  notScheduled: 'Not scheduled.',
  current: (description: string) => `Scheduled: ${description}`,
  nextRun: (when: string) => `Next run: ${when}`,
  nextRunIfSaved: (when: string) => `Next run if saved: ${when}`,
  paused: 'Schedule paused',
  resumeHint: 'Then save the schedule again to resume it.',
  viewOnly: 'Only the workflow’s owner can change its schedule.',
  unsavedWorkflow: 'Save the workflow first to schedule it.',
  saveError: 'The schedule could not be saved.',
  removeError: 'The schedule could not be removed.',
  // Runs
  pausedNoKey: (provider: string) =>
    `Paused: there is no ${provider} API key saved to your account. Add it under Settings → Provider Keys.`,
  pausedBadKey: (provider: string) => `Paused: ${provider} refused your saved API key. Update it under Settings → Provider Keys.`,
  runStopped: 'The run stopped before it ended.',
  gaveUp: (times: number) =>
    `The run was cut off ${times} times before it could finish, so it was given up. Run the workflow again from its page.`,
  documentFailed: (why: string) => `The run ended, but its result could not be saved as a document: ${why}`,
  pausedBadSchedule: 'Paused: this schedule could not be read. Set it again.',
  pausedBlocked: (why: string) => `Paused: ${why}`,
  documentName: (workflow: string, date: string) => `${workflow} — ${date}`,
  mailDoneSubject: (workflow: string) => `Your scheduled workflow “${workflow}” has run`,
  mailFailedSubject: (workflow: string) => `Your scheduled workflow “${workflow}” failed`,
  mailPausedSubject: (workflow: string) => `Your scheduled workflow “${workflow}” is paused`,
  mailBudgetSubject: (workflow: string) => `Your scheduled workflow “${workflow}” was stopped by your budget`,
  mailDoneIntro: (workflow: string) => `“${workflow}” ran on its schedule. The result is saved in your documents.`,
  mailFailedIntro: (workflow: string) =>
    `“${workflow}” could not finish its scheduled run. The run and its error are in the workflow's history.`,
  mailPausedIntro: (workflow: string) => `“${workflow}” will not run on its schedule until you act:`,
  mailBudgetIntro: (workflow: string) =>
    `“${workflow}” did not run on its schedule: nothing was sent to the AI provider. Its schedule stays on.`,
  mailOpenUsage: 'Open Usage',
  mailDocument: (name: string) => `Document: “${name}” (in the File manager).`,
  mailOpenDocuments: 'Open the File manager',
  mailOpenRun: 'Open the run',
  mailOpenWorkflow: 'Open the workflow',
  mailError: (error: string) => `Error: ${error}`,
} as const;
