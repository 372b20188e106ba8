import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
}

/**
 * An outlined text field drawn as MUI's TextField draws one (label, input, helper text, the same
 * ids and ARIA), without TextField itself: it imports Select, Menu and Popover for its `select`
 * mode, code the sign-in forms would load and never use.
 */
export function FormField({ label, helperText, error, required, fullWidth, disabled, endAdornment, inputRef, ...input }: FormFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" error={error} required={required} fullWidth={fullWidth} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputRef={inputRef} endAdornment={endAdornment} aria-describedby={helperId} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
