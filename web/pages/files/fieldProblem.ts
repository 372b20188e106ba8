/**
 * A text field's validation message ('Folder name cannot be empty' …) shown under it as
 * an alert, or the hint while there is none: spread into a MUI TextField.
 */
export function fieldProblem(problem: string | null, hint = ' ', htmlInput?: Record<string, unknown>) {
  return {
    error: problem !== null,
    helperText: problem ?? hint,
    slotProps: { htmlInput, formHelperText: { role: problem ? 'alert' : undefined } },
  };
}
