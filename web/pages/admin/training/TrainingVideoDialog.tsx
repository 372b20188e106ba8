import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  formatDuration,
  TRAINING_LIMITS,
  validateTrainingVideo,
  type TrainingVideoErrors,
  type TrainingVideoForm,
  type TrainingVideoInput,
} from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import type { TrainingVideo } from '@/shared/data/training.ts';

const T = TRAINING_TEXTS.admin;

const EMPTY: TrainingVideoForm = { title: '', description: '', category: '', duration: '', url: '' };

const formOf = (video: TrainingVideo | null): TrainingVideoForm =>
  video
    ? {
        title: video.title,
        description: video.description,
        category: video.category,
        duration: video.duration_seconds === null ? '' : formatDuration(video.duration_seconds),
        url: video.url,
      }
    : EMPTY;

export interface TrainingVideoDialogProps {
  open: boolean;
  /** The video being edited, or null to add one. */
  video: TrainingVideo | null;
  saving: boolean;
  /** Saves the checked values; resolves true when saved (the dialog then closes). */
  onSave: (input: TrainingVideoInput) => Promise<boolean>;
  onClose: () => void;
}

/** Add or edit a video: every field is checked on Save, each error under its field. */
export function TrainingVideoDialog({ open, video, saving, onSave, onClose }: TrainingVideoDialogProps) {
  const [form, setForm] = useState<TrainingVideoForm>(EMPTY);
  const [errors, setErrors] = useState<TrainingVideoErrors>({});
  useEffect(() => {
    if (open) {
      setForm(formOf(video));
      setErrors({});
    }
  }, [open, video]);

  const field = (name: keyof TrainingVideoForm) => ({
    name,
    label: T.fields[name],
    value: form[name],
    error: Boolean(errors[name]),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [name]: event.target.value })),
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateTrainingVideo(form);
    setErrors(checked.errors);
    if (checked.input && (await onSave(checked.input))) onClose();
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="training-video-dialog-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="training-video-dialog-title">{video ? T.editTitle : T.addTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...field('title')}
              required
              autoFocus
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: TRAINING_LIMITS.title } }}
            />
            <TextField {...field('url')} required helperText={errors.url ?? T.urlHelp} placeholder="https://www.youtube.com/watch?v=…" />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...field('category')}
                required
                helperText={errors.category}
                slotProps={{ htmlInput: { maxLength: TRAINING_LIMITS.category } }}
              />
              <TextField {...field('duration')} helperText={errors.duration} placeholder="5:32" />
            </Stack>
            <TextField {...field('description')} multiline minRows={3} helperText={errors.description} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {T.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
