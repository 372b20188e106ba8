/**
 * The one result of a check outside the data layer (reading a file, a definition, an AI's answer,
 * a provider's support for a feature): the value, or the sentence saying why not. The data layer
 * has its own result with the database's error (shared/data/result.ts).
 */
export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

export const passed = <T>(value: T): Check<T> => ({ ok: true, value });
export const refused = (error: string): { ok: false; error: string } => ({ ok: false, error });
