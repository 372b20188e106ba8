import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { assignableRoles, DEFAULT_NEW_USER_ROLE, ROLE_LABELS, type AdminRefusal, type AppRole } from '@/shared/core/admin/roles.ts';
import {
  MISSING_INFORMATION,
  normalizeUserForm,
  PASSWORD_PLACEHOLDER,
  USER_EXISTS,
  validateNewUser,
  validateUserEdit,
  VALIDATION_ERROR_TITLE,
  firstFieldError,
  type ManagedUser,
  type UserFieldErrors,
  type UserFormInput,
} from '@/shared/core/admin/users.ts';
import { useNotify } from '@/shared/ui/notices.tsx';

export type UserFormTarget = { kind: 'add' } | { kind: 'edit'; user: ManagedUser };

interface UserFormDialogProps {
  target: UserFormTarget;
  viewerRole: AppRole;
  /** While `onSubmit`'s save runs (the add or edit mutation is pending). */
  saving: boolean;
  onClose: () => void;
  /** Saves; resolves with the server's refusal (already shown as a toast) or null when saved. */
  onSubmit: (input: UserFormInput, role: AppRole) => Promise<AdminRefusal | null>;
}

const EMPTY: UserFormInput = { name: '', email: '', phone: '', password: '' };

/** Which fields a refusal is about, so they are marked beside the toast. */
function fieldsOf(refusal: AdminRefusal & { fields?: UserFieldErrors }, input: UserFormInput): UserFieldErrors {
  if (refusal.fields) return refusal.fields;
  if (refusal.message === MISSING_INFORMATION.message) {
    const required = 'Required.';
    return {
      ...(input.name.trim() ? {} : { name: required }),
      ...(input.email.trim() ? {} : { email: required }),
      ...(input.password ? {} : { password: required }),
    };
  }
  if (refusal.message === USER_EXISTS.message) return { email: refusal.message };
  return {};
}

/**
 * Add User and Edit User: name, e-mail, phone and password, checked with the same
 * rules as the admin-users function; a new user also gets a role (default Editor).
 */
export function UserFormDialog({ target, viewerRole, saving, onClose, onSubmit }: UserFormDialogProps) {
  const notify = useNotify();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const editing = target.kind === 'edit' ? target.user : null;
  const [input, setInput] = useState<UserFormInput>(
    editing ? { name: editing.name ?? '', email: editing.email, phone: editing.phone ?? '', password: '' } : EMPTY,
  );
  const [role, setRole] = useState<AppRole>(DEFAULT_NEW_USER_ROLE);
  const [errors, setErrors] = useState<UserFieldErrors>({});
  const roles = assignableRoles(viewerRole);

  const set = (field: keyof UserFormInput) => (value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (editing) {
      const problems = validateUserEdit(input);
      const first = firstFieldError(problems);
      if (first) {
        setErrors(problems);
        return notify({ title: VALIDATION_ERROR_TITLE, description: first, variant: 'destructive' });
      }
    } else {
      const refusal = validateNewUser(input, role, viewerRole);
      if (refusal) {
        setErrors(fieldsOf(refusal, input));
        return notify({ title: refusal.title, description: refusal.message, variant: 'destructive' });
      }
    }
    const refusal = await onSubmit(normalizeUserForm(input), role);
    if (refusal) setErrors(fieldsOf(refusal, input));
    else onClose();
  };

  const field = (
    name: keyof UserFormInput,
    label: string,
    { helperText, ...extra }: Record<string, unknown> & { helperText?: string } = {},
  ) => (
    <TextField
      {...extra}
      label={label}
      value={input[name]}
      onChange={(e) => set(name)(e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText}
      fullWidth
      disabled={saving}
    />
  );

  const title = editing ? 'Edit user' : 'Add User';
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="user-form-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="user-form-title">{editing ? `Edit ${editing.name?.trim() || editing.email}` : title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {field('name', 'Name', { required: true, autoFocus: true, autoComplete: 'off' })}
            {field('email', 'Email', { required: true, type: 'email', autoComplete: 'off' })}
            {field('phone', 'Phone (optional)', {
              type: 'tel',
              placeholder: '+15550100',
              helperText: 'International format, e.g. +44 7700 900123.',
            })}
            {field('password', editing ? 'New password' : 'Password', {
              required: !editing,
              type: 'password',
              autoComplete: 'new-password',
              placeholder: PASSWORD_PLACEHOLDER,
              helperText: editing ? 'Leave blank to keep the current password.' : undefined,
            })}
            {!editing && (
              <TextField
                select
                label="Role"
                value={role}
                onChange={(e) => setRole(e.target.value as AppRole)}
                disabled={saving}
                fullWidth
                slotProps={{ select: { native: true } }}
                helperText="New users start as Editors."
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {editing ? 'Save changes' : 'Add User'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
