import { useState } from 'react';
import {
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { ADMIN_TOASTS, displayName, filterUsers, userExport, userExportFileName, type ManagedUser } from '@/shared/core/admin/users.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import type { AdminTabProps } from '../adminTabs.ts';
import { UserFormDialog, type UserFormTarget } from './UserFormDialog.tsx';
import { UserList } from './UserList.tsx';
import { useManagedUsers } from './useManagedUsers.ts';

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
      <PeopleIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/** User Management: search, Add User, Export Users, the user table. */
export function UserManagementTab({ viewerRole, reloadKey }: AdminTabProps) {
  const notify = useNotify();
  const users = useManagedUsers(reloadKey);
  const [query, setQuery] = useState('');
  const [form, setForm] = useState<UserFormTarget | null>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  const all = users.query.data;

  const exportUsers = () => {
    if (!all) return;
    const file = userExportFileName();
    downloadFile(JSON.stringify(userExport(all), null, 2), file, 'application/json');
    notify(ADMIN_TOASTS.usersExported(all.length, file));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    if (await users.remove(deleting)) setDeleting(null);
  };

  const shown = all ? filterUsers(all, query) : [];
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Search users"
          placeholder="Name or email"
          type="search"
          size="small"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportUsers} disabled={!all} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
            Export Users
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ kind: 'add' })} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
            Add User
          </Button>
        </Stack>
      </Stack>

      <QueryState
        query={users.query}
        loadingLabel="Loading users"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 6 }}
        errorText={(message, refusal) => (
          <>
            <AlertTitle>{refusal?.title}</AlertTitle>
            {message}
          </>
        )}
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No users to manage yet" text="People you add here, and people who sign up, appear in this list." />
          ) : shown.length === 0 ? (
            <EmptyState title={`No users match “${query.trim()}”`} text="Search looks at names and email addresses." />
          ) : null
        }
      </QueryState>
      {shown.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {query.trim() ? `${shown.length} of ${all?.length ?? 0} users` : `${shown.length} ${shown.length === 1 ? 'user' : 'users'}`}
          </Typography>
          <UserList users={shown} viewerRole={viewerRole} onEdit={(user) => setForm({ kind: 'edit', user })} onDelete={setDeleting} />
        </>
      )}

      {form && (
        <UserFormDialog
          key={form.kind === 'edit' ? form.user.id : 'add'}
          target={form}
          viewerRole={viewerRole}
          saving={users.saving}
          onClose={() => setForm(null)}
          onSubmit={(input, role) => (form.kind === 'edit' ? users.update(form.user, input) : users.add(input, role))}
        />
      )}

      <Dialog
        open={deleting !== null}
        onClose={users.removing ? undefined : () => setDeleting(null)}
        aria-labelledby="delete-user-title"
        aria-describedby="delete-user-text"
      >
        <DialogTitle id="delete-user-title">Delete this user?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-user-text">
            {deleting
              ? `${displayName(deleting)} (${deleting.email}) will lose access, and everything saved in their account will be deleted. This cannot be undone.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeleting(null)} disabled={users.removing}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} loading={users.removing}>
            Delete user
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
