import { useCallback } from 'react';
import { webStorage } from './storage.ts';

/**
 * Provider keys in the dashboard. Placeholder until the Settings work lands: only the
 * sign-out clean-up lives here now.
 */
export function useClearProviderKeys(): () => void {
  return useCallback(() => {
    void webStorage.remove('openai_api_key');
  }, []);
}
