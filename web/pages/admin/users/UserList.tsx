import {
  Box,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { assignableRoles, ROLE_LABELS, type AppRole } from '@/shared/core/admin/roles.ts';
import { displayName, type ManagedUser } from '@/shared/core/admin/users.ts';
import { useChangeRoleMutation } from '@/web/queries/admin.ts';

export interface UserListProps {
  users: ManagedUser[];
  viewerRole: AppRole;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}

const ROLE_COLORS: Partial<Record<AppRole, 'primary' | 'secondary' | 'default'>> = { admin: 'secondary', editor: 'primary' };

function RoleChip({ role }: { role: AppRole }) {
  return (
    <Chip
      size="small"
      label={ROLE_LABELS[role]}
      color={ROLE_COLORS[role] ?? 'default'}
      variant={role === 'admin' || role === 'editor' ? 'filled' : 'outlined'}
    />
  );
}

/** Change Role: the roles the viewer may give; the current one is shown even when it is not one of them. */
function RoleSelect({ user, viewerRole }: { user: ManagedUser; viewerRole: AppRole }) {
  const changeRole = useChangeRoleMutation();
  const options = assignableRoles(viewerRole);
  return (
    <TextField
      select
      size="small"
      value={user.role}
      disabled={changeRole.isPending}
      onChange={(e) => changeRole.mutate({ user, role: e.target.value as AppRole })}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Change role for ${displayName(user)}` } }}
      sx={{ minWidth: 140 }}
    >
      {!options.includes(user.role) && (
        <option value={user.role} disabled>
          {ROLE_LABELS[user.role]}
        </option>
      )}
      {options.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </TextField>
  );
}

function Actions({ user, onEdit, onDelete }: { user: ManagedUser } & Pick<UserListProps, 'onEdit' | 'onDelete'>) {
  const who = displayName(user);
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${who}`} onClick={() => onEdit(user)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${who}`} onClick={() => onDelete(user)} sx={{ color: 'error.main' }}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

const dash = (
  <Typography component="span" variant="body2" color="text.secondary">
    —
  </Typography>
);

/** The user table (Name, Email, Phone, Current Role, Change Role, Actions); cards on phones. */
export function UserList({ users, viewerRole, onEdit, onDelete }: UserListProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

  if (!wide) {
    return (
      <Stack component="ul" spacing={1.5} aria-label="Users" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {users.map((user) => (
          <Card component="li" key={user.id}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                    {user.name?.trim() || 'No name'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                    {user.email}
                  </Typography>
                  {user.phone && (
                    <Typography variant="body2" color="text.secondary">
                      {user.phone}
                    </Typography>
                  )}
                </Box>
                <RoleChip role={user.role} />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
                <RoleSelect user={user} viewerRole={viewerRole} />
                <Actions user={user} onEdit={onEdit} onDelete={onDelete} />
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Card}>
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            {['Name', 'Email', 'Phone', 'Current Role', 'Change Role', 'Actions'].map((heading) => (
              <TableCell key={heading} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {heading}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{user.name?.trim() || dash}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.phone || dash}</TableCell>
              <TableCell>
                <RoleChip role={user.role} />
              </TableCell>
              <TableCell>
                <RoleSelect user={user} viewerRole={viewerRole} />
              </TableCell>
              <TableCell>
                <Actions user={user} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
