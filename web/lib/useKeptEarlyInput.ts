import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A pre-rendered field can be typed into before the page's scripts run. React keeps that text on
 * screen when it adopts the markup but its state still holds the first value, so the text would be
 * shown without being used and wiped at the next render. After adoption this hands what the field
 * holds to the state when the two differ. Attach the ref to the <input>/<textarea> itself.
 */
export function useKeptEarlyInput<E extends HTMLInputElement | HTMLTextAreaElement>(
  rendered: string,
  adopt: (typed: string) => void,
): RefObject<E | null> {
  return useKeptEarly<E, string>((field) => field.value, rendered, adopt);
}

/** The same for a checkbox ticked or cleared before the scripts ran. */
export function useKeptEarlyCheck(rendered: boolean, adopt: (checked: boolean) => void): RefObject<HTMLInputElement | null> {
  return useKeptEarly<HTMLInputElement, boolean>((box) => box.checked, rendered, adopt);
}

function useKeptEarly<E extends HTMLInputElement | HTMLTextAreaElement, V>(
  read: (field: E) => V,
  rendered: V,
  adopt: (value: V) => void,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  const first = useRef({ read, rendered, adopt });
  // A layout effect: the state takes the typed value in the render that follows adoption at once,
  // before the page is marked live (LiveOnceHydrated), so a click right then uses what was typed.
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const { read: readField, rendered: firstValue, adopt: adoptValue } = first.current;
    const value = readField(field);
    if (value !== firstValue) adoptValue(value);
  }, []);
  return ref;
}
