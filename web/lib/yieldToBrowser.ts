/**
 * Resolves in a new task: the work after it runs apart from the current task, so the browser can
 * handle input and paint in between instead of facing one long task.
 */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
