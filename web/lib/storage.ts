import { createTypedStorage } from '../../shared/storage.ts';

/** The dashboard's typed storage (localStorage), keys as the spec names them (§3.1, §3.2). */
export const webStorage = createTypedStorage(window.localStorage);
