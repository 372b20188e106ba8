import { parseAiBaseUrls } from '../core/config.ts';
import { PROVIDER_IDS, type ProviderId } from '../core/providerKeys.ts';

/** The development override map (VITE_/WXT_/AI_BASE_URLS) as the AI layer takes it. */
export const aiBaseUrlsFrom = (value: string | undefined | null): Partial<Record<ProviderId, string>> | null =>
  parseAiBaseUrls(value, PROVIDER_IDS);
