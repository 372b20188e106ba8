import { useMutation } from '@tanstack/react-query';

/** Where a key write was asked from: the Save field, or the saved value's Clear button. */
export type KeyWriteOrigin = 'field' | 'clear';

/**
 * Saves (or, with an empty value, clears) one provider key or the base URL through the side's key
 * flow, which keeps the keys (in this browser, and in the account when signed in) and shows their
 * notices. `from` says which button is busy meanwhile.
 */
export function useKeyWriteMutation(write: (raw: string) => Promise<unknown>) {
  return useMutation({ mutationFn: ({ raw }: { raw: string; from: KeyWriteOrigin }) => write(raw) });
}
