import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  geminiRatioOf,
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  IMAGE_QUALITY_LABELS,
  IMAGE_SHAPES,
  IMAGE_TEXTS,
  MAX_IMAGES_PER_BATCH,
  openAiSizeOf,
  type ImageProvider,
  type ImageShape,
} from '@/shared/core/images/imageModels.ts';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { PROVIDER_KEYS } from '@/shared/core/providerKeys.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import type { GeneratedImage } from '@/shared/data/generatedImages.ts';
import { useJobEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { PictureTile } from './PictureTile.tsx';
import { usePictureMaker, type PictureFor, type PictureForm } from './usePictureMaker.ts';

const client = () => Promise.resolve(supabase);
const DRAWING_PROVIDERS: readonly ImageProvider[] = ['openai', 'gemini'];

function sizeOf(provider: ImageProvider, shape: ImageShape) {
  return provider === 'openai' ? openAiSizeOf(shape) : geminiRatioOf(shape);
}

/** One labelled choice of the form (a small select that keeps its value's type). */
function ChoiceField<T extends string | number>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  const labelId = `${props.id}-label`;
  return (
    <FormControl fullWidth size="small" disabled={props.disabled}>
      <InputLabel id={labelId}>{props.label}</InputLabel>
      <Select
        labelId={labelId}
        label={props.label}
        value={props.value}
        onChange={(event) => {
          const chosen = props.options.find((option) => String(option.value) === String(event.target.value));
          if (chosen) props.onChange(chosen.value);
        }}
      >
        {props.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The line under the form: what the batch will roughly cost, before anything is sent. */
function EstimateLine({ maker }: { maker: ReturnType<typeof usePictureMaker> }) {
  const estimated = useJobEstimate(client, maker.job);
  if (!estimated || !maker.job) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="picture-estimate">
      {IMAGE_TEXTS.estimate(estimated.estimate.range, maker.form.count, maker.form.model, estimated.currency)}
    </Typography>
  );
}

/**
 * Make pictures with the user's own image model: describe, pick provider, model, shape, quality
 * and how many, see the estimate, make. Every picture made is kept in the gallery; with `onUse`
 * each one offers "Use this picture" (an offer's hero, a slide's picture).
 */
export function PictureMakerDialog({
  open,
  onClose,
  userId,
  target,
  initial,
  onUse,
}: {
  open: boolean;
  onClose: () => void;
  userId: string;
  target: PictureFor;
  initial: Partial<PictureForm>;
  onUse?: (image: GeneratedImage) => void;
}) {
  const maker = usePictureMaker(userId, target, initial);
  const { form, change, busy } = maker;
  // The pictures appear below the form, out of sight in a dialog of ordinary height: they are scrolled to.
  const results = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (maker.made.length > 0) results.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [maker.made]);
  const close = () => {
    maker.stop();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="picture-maker-title">
      <DialogTitle id="picture-maker-title">{PICTURE_TEXTS.makerTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={PICTURE_TEXTS.describe}
            helperText={PICTURE_TEXTS.describeHelp}
            value={form.prompt}
            onChange={(event) => change({ prompt: event.target.value })}
            multiline
            minRows={3}
            autoFocus
            disabled={busy}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ChoiceField
              id="picture-provider"
              label={PICTURE_TEXTS.provider}
              value={form.provider}
              options={DRAWING_PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_KEYS[provider].label }))}
              onChange={(provider) => change({ provider })}
              disabled={busy}
            />
            <ChoiceField
              id="picture-model"
              label={PICTURE_TEXTS.model}
              value={form.model}
              options={IMAGE_MODELS[form.provider].map((model) => ({ value: model, label: model }))}
              onChange={(model) => change({ model })}
              disabled={busy}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ChoiceField
              id="picture-shape"
              label={PICTURE_TEXTS.shape}
              value={form.shape}
              options={IMAGE_SHAPES.map((shape) => {
                const size = sizeOf(form.provider, shape);
                return { value: shape, label: PICTURE_TEXTS.shapeSize(shape, size.width, size.height) };
              })}
              onChange={(shape) => change({ shape })}
              disabled={busy}
            />
            {form.provider === 'openai' && (
              <ChoiceField
                id="picture-quality"
                label={PICTURE_TEXTS.quality}
                value={form.quality}
                options={IMAGE_QUALITIES.map((quality) => ({ value: quality, label: IMAGE_QUALITY_LABELS[quality] }))}
                onChange={(quality) => change({ quality })}
                disabled={busy}
              />
            )}
            <ChoiceField
              id="picture-count"
              label={PICTURE_TEXTS.count}
              value={form.count}
              options={Array.from({ length: MAX_IMAGES_PER_BATCH }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
              onChange={(count) => change({ count })}
              disabled={busy}
            />
          </Stack>
          {maker.keysReady && !maker.hasKey && (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to={ROUTES.settings} color="inherit" size="small">
                  {PICTURE_TEXTS.openSettings}
                </Button>
              }
            >
              {PICTURE_TEXTS.noKey(PROVIDER_KEYS[form.provider].label)}
            </Alert>
          )}
          <EstimateLine maker={maker} />
          {maker.error && (
            <Alert severity="error" role="alert">
              {maker.error}
            </Alert>
          )}
          {maker.made.length > 0 && (
            <Box ref={results}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
                {PICTURE_TEXTS.kept(maker.made.length)}
              </Typography>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
                {maker.made.map((image) => (
                  <PictureTile key={image.id} image={image}>
                    {onUse && (
                      <Button size="small" variant="contained" onClick={() => onUse(image)}>
                        {PICTURE_TEXTS.use}
                      </Button>
                    )}
                  </PictureTile>
                ))}
              </Box>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{PICTURE_TEXTS.close}</Button>
        {busy ? (
          <Button onClick={maker.stop} startIcon={<CircularProgress size={16} />}>
            {PICTURE_TEXTS.stop}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void maker.make()} disabled={!maker.job || !maker.hasKey}>
            {PICTURE_TEXTS.make(form.count)}
          </Button>
        )}
      </DialogActions>
      {maker.confirmDialog}
    </Dialog>
  );
}
