import { prepareTemplates } from './db-templates.ts';

/** Vitest global setup of the integration project: the run's database templates (db-templates.ts). */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareTemplates((process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres');
}
