import type { ClientOptions } from './providers.ts';

/**
 * Defaults every AI call starts from, set once by each front end at start-up from its build
 * configuration (VITE_AI_BASE_URL / WXT_AI_BASE_URL send every provider to one OpenAI-compatible
 * server: the fake provider in development and tests). shared/ai itself reads no environment.
 */
let defaults: ClientOptions = {};

export function setAiDefaults(next: ClientOptions): void {
  defaults = { ...next };
}

export const withAiDefaults = (options: ClientOptions = {}): ClientOptions => ({ ...defaults, ...options });
