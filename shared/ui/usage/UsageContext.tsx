import { createContext, useContext, type ReactNode } from 'react';
import type { UsageFor } from '@/shared/data/usage.ts';

/**
 * The front end's usage reporter (shared/data/usage.ts: usageRecorder with its client and surface),
 * given once at the root of the dashboard, the side panel and the popup, so every screen's AI call
 * records its row as the surface it runs on.
 */

/** Without a provider a call still runs, and says in the console that its usage went nowhere. */
const unrecorded: UsageFor = (feature) => ({
  feature,
  record: () => console.error(`No usage recorder on this screen: a ${feature} call was not recorded.`),
});

const UsageContext = createContext<UsageFor>(unrecorded);

export function UsageProvider({ usage, children }: { usage: UsageFor; children: ReactNode }) {
  return <UsageContext.Provider value={usage}>{children}</UsageContext.Provider>;
}

/** The usage reporter of the surface this screen runs on. */
export const useUsageFor = (): UsageFor => useContext(UsageContext);
