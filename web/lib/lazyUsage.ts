import type { UsageFor } from '@/shared/data/usage.ts';

/**
 * The dashboard's usage reporter for the app's root, loaded with the first AI call rather than with
 * the page: public pages (a free tool, an idea followed up once signed in) record their calls too,
 * without the ledger's code and price table in their first download.
 */
const loaded = () => import('./usage.ts').then((module) => module.webUsage);

export const lazyWebUsage: UsageFor = (feature, options) => {
  const usage = loaded().then((usageFor) => usageFor(feature, options));
  return {
    feature,
    async check(provider, model) {
      await (await usage).check?.(provider, model);
    },
    record(call) {
      void usage.then(
        (real) => real.record(call),
        (error: unknown) => console.error('The usage recorder did not load', error),
      );
    },
  };
};
