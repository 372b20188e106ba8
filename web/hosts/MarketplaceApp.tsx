import { webConfig } from '../lib/config.ts';
import { HostFrame } from './HostFrame.tsx';

/** The marketplace host (spec §2.1, §2.10): the external marketplace in a full-screen frame. */
export function MarketplaceApp() {
  return <HostFrame title="AI Marketplace" src={webConfig.marketplaceUrl} />;
}
