import type { ClientOptions } from './providers.ts';

/**
 * Defaults every AI call starts from, set once by each front end at start-up from its build
 * configuration (where the page is: dashboard or extension; VITE_AI_BASE_URLS / WXT_AI_BASE_URLS send
 * providers to the local fakes in development and tests). shared/ai itself reads no environment.
 */
let defaults: ClientOptions = {};

export function setAiDefaults(next: ClientOptions): void {
  defaults = { ...next };
}

export const withAiDefaults = (options: ClientOptions = {}): ClientOptions => ({ ...defaults, ...options });
