// @vitest-environment jsdom
import { act, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydration, endHydration, useHydrated } from '@/web/lib/useHydrated.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A button that stays disabled until hydrated; `seen` records the value of each committed render. */
function SubmitButton({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    seen.push(hydrated);
  });
  return <button disabled={!hydrated}>Sign up</button>;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  endHydration();
  document.body.replaceChildren();
});

/** Draws the button with createRoot (no pre-rendered markup); returns its container and the values it committed. */
function drawFromScratch() {
  const container = document.body.appendChild(document.createElement('div'));
  const seen: boolean[] = [];
  act(() => {
    root = createRoot(container);
    root.render(<SubmitButton seen={seen} />);
  });
  return { container, seen };
}

describe('useHydrated', () => {
  it('is true from the first render of a page drawn from scratch', () => {
    const { container, seen } = drawFromScratch();
    expect(seen).toEqual([true]);
    expect(container.querySelector('button')!.disabled).toBe(false);
  });

  it('adopts pre-rendered markup as drawn (disabled), then turns on, with no mismatch', async () => {
    // The server has no window; here (jsdom has one) the markup is drawn as during hydration.
    beginHydration();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<SubmitButton seen={[]} />);
    expect(container.querySelector('button')!.disabled).toBe(true);
    const onRecoverableError = vi.fn();
    const seen: boolean[] = [];
    await act(async () => {
      root = hydrateRoot(container, <SubmitButton seen={seen} />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(seen).toEqual([false, true]);
    expect(container.querySelector('button')!.disabled).toBe(false);
  });

  it('starts hydrated once the hydrated page is live', () => {
    beginHydration();
    endHydration();
    const { seen } = drawFromScratch();
    expect(seen).toEqual([true]);
  });
});
