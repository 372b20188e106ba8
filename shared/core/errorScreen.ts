/** What a page that failed to draw says, in the dashboard, the side panel and the popup alike. */
export const ERROR_SCREEN_TEXTS = {
  title: 'Something went wrong',
  body: 'This page stopped because of an error on our side; your saved work is safe, and the error was reported.',
  reload: 'Reload',
} as const;
