import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React adopts pre-rendered markup, true from then on. A pre-rendered
 * form stays disabled until then: what someone typed before the scripts ran would be lost.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
