/** Stub: the floating 'Contact Support' button and dialog (spec §2.16). */
export function SupportFab() {
  return null;
}
