import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { BackupFile } from '@/shared/core/admin/backup.ts';
import { planWrites, type RestorePlan, type SectionPlan } from '@/shared/core/admin/restore.ts';

export type RestoreReview =
  { kind: 'invalid'; fileName: string; errors: string[] } | { kind: 'plan'; fileName: string; file: BackupFile; plan: RestorePlan };

function SectionLine({ section }: { section: SectionPlan }) {
  const counts: [number, string, 'success' | 'warning' | 'default'][] = [
    [section.added.length, 'new', 'success'],
    [section.changed.length, 'changed', 'warning'],
    [section.unchanged, 'unchanged', 'default'],
  ];
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="subtitle2" component="h3">
          {section.label}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({section.inFile} in file)
          </Typography>
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
          {counts
            .filter(([n]) => n > 0)
            .map(([n, label, color]) => (
              <Chip key={label} size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={`${n} ${label}`} />
            ))}
        </Stack>
      </Stack>
      {section.skipped.map((skip) => (
        <Typography key={skip.reason} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {skip.count} skipped: {skip.reason}
        </Typography>
      ))}
    </ListItem>
  );
}

/**
 * The restore's dry run: what the file would add and change, section by section, before anything
 * is written; or why the file cannot be restored.
 */
export function RestorePlanDialog({
  review,
  applying,
  onApply,
  onClose,
}: {
  review: RestoreReview;
  applying: boolean;
  onApply: () => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const writes = review.kind === 'plan' ? planWrites(review.plan) : 0;

  return (
    <Dialog
      open
      onClose={applying ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      scroll="paper"
      aria-labelledby="restore-title"
    >
      <DialogTitle id="restore-title">{review.kind === 'invalid' ? 'This file cannot be restored' : 'Restore from backup'}</DialogTitle>
      <DialogContent dividers>
        {review.kind === 'invalid' ? (
          <>
            <Typography sx={{ mb: 1 }}>
              <strong>{review.fileName}</strong> is not a backup this app can read:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {review.errors.map((error) => (
                <Typography component="li" variant="body2" key={error} sx={{ wordBreak: 'break-word' }}>
                  {error}
                </Typography>
              ))}
            </Box>
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {review.fileName}: exported by {review.file.exported_by || 'an unknown account'} on{' '}
              {new Date(review.file.exported_at).toLocaleString()}.
            </Typography>
            <Alert severity={writes ? 'warning' : 'success'} sx={{ my: 2 }}>
              {writes
                ? `Dry run: nothing has been written yet. Restoring writes ${writes} ${writes === 1 ? 'row' : 'rows'}: items missing now are added back and changed ones are set back to the backup. Nothing is deleted.`
                : 'Nothing to restore: the data already matches this backup.'}
            </Alert>
            <List disablePadding aria-label="What the restore would do">
              {review.plan.sections
                .filter((section) => section.inFile > 0)
                .map((section) => (
                  <SectionLine key={section.name} section={section} />
                ))}
            </List>
            {review.plan.sections.some((section) => section.inFile === 0) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Empty in the backup (left as they are):{' '}
                {review.plan.sections
                  .filter((section) => section.inFile === 0)
                  .map((section) => section.label)
                  .join(', ')}
                .
              </Typography>
            )}
            {review.plan.unknownSections.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Not known to this version, skipped: {review.plan.unknownSections.join(', ')}.
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={applying}>
          {review.kind === 'plan' && writes ? 'Cancel' : 'Close'}
        </Button>
        {review.kind === 'plan' && writes > 0 && (
          <Button variant="contained" color="warning" onClick={onApply} loading={applying}>
            Restore {writes} {writes === 1 ? 'row' : 'rows'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
