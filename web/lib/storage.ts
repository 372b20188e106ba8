import { createTypedStorage } from '@/shared/storage.ts';

/** The dashboard's typed storage (localStorage), keys named as the original product named them (openai_api_key, supabaseUser). */
export const webStorage = createTypedStorage(window.localStorage);
