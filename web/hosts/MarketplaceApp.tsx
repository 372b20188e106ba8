import { webConfig } from '../lib/config.ts';
import { HostFrame } from './HostFrame.tsx';

/** The marketplace host: the external marketplace in a full-screen frame. */
export function MarketplaceApp() {
  return <HostFrame title="AI Marketplace" src={webConfig.marketplaceUrl} />;
}
