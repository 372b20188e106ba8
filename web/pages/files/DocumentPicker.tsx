import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Link, MenuItem, TextField, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { documentQueries } from '@/web/queries/documents.ts';

const NONE = '__none__';

/** Which of the user's generated documents a file points at (newest first), or none yet. */
export function DocumentPicker({
  userId,
  value,
  onChange,
}: {
  userId: string;
  value: string | null;
  onChange: (doc: DocumentSummary | null) => void;
}) {
  const query = useQuery(documentQueries.picker(userId));
  const documents = query.data ?? null;
  // Documents once read stay through a later failed read.
  const error = documents === null && query.isError ? errorMessage(query.error) : null;

  if (error)
    return (
      <Typography color="error" role="alert" variant="body2">
        Error fetching documents: {error}
      </Typography>
    );
  const known = documents?.some((d) => d.id === value);
  return (
    <>
      <TextField
        select
        label="Document"
        value={documents === null ? NONE : known ? value : NONE}
        disabled={documents === null}
        onChange={(e) => onChange(documents?.find((d) => d.id === e.target.value) ?? null)}
        helperText={documents === null ? 'Loading your documents…' : 'The generated document this file opens and downloads.'}
        fullWidth
      >
        <MenuItem value={NONE}>No document yet</MenuItem>
        {(documents ?? []).map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      {documents?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          You have no generated documents yet.{' '}
          <Link component={RouterLink} to={ROUTES.documentGenerator}>
            Create one in the document generator
          </Link>
          .
        </Typography>
      )}
    </>
  );
}
