import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Navigation state that asks the library to open its new-prompt dialog (Quick Create's "New prompt"). */
export const NEW_PROMPT_STATE = { openNewPrompt: true } as const;

const asksForNewPrompt = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { openNewPrompt?: unknown }).openNewPrompt === true;

/**
 * Calls `open` once when the page was reached with NEW_PROMPT_STATE, then drops the state from the
 * history entry so a reload or Back does not open the dialog again.
 */
export function useNewPromptRequest(open: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = asksForNewPrompt(location.state);
  useEffect(() => {
    if (!requested) return;
    open();
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [requested, open, navigate, location.pathname, location.search, location.hash]);
}
