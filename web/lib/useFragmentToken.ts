import { useEffect, useRef, useState } from 'react';

/**
 * The `#token=…` of an invitation link: read once, then removed from the address bar (the fragment
 * is never sent to a server, and the token should not linger in history). `ready` turns true once
 * it has been read; `token` is '' when the link had none.
 */
export function useFragmentToken(): { token: string; ready: boolean } {
  const token = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (token.current === null) {
      token.current = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    setReady(true);
  }, []);
  return { token: token.current ?? '', ready };
}
