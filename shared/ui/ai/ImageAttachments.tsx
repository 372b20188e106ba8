import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CropIcon from '@mui/icons-material/CropFree';
import ScreenshotIcon from '@mui/icons-material/ScreenshotMonitorOutlined';
import { visionSupport, MAX_IMAGES_PER_MESSAGE } from '@/shared/ai/vision.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { ATTACH_TEXTS, attachImage, type AttachedImage } from './imageAttach.ts';

/** Why a capture failed, and the button that can fix it (asking the browser for access, in the click). */
export interface CaptureProblem {
  message: string;
  fix?: { label: string; run: () => Promise<boolean> };
}

/** A capture's refusal with its fix: granted, the capture is tried again. */
export function CaptureProblemAlert({ problem, onFixed }: { problem: CaptureProblem; onFixed: () => void }) {
  const { fix } = problem;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        fix && (
          <Button color="inherit" size="small" onClick={() => void fix.run().then((granted) => granted && onFixed())}>
            {fix.label}
          </Button>
        )
      }
    >
      {problem.message}
    </Alert>
  );
}

export const RUN_IMAGE_TEXTS = {
  screenshotNote: 'This prompt sends a screenshot of the visible tab, captured when it runs.',
} as const;

const IMAGE_TEXTS = {
  title: 'Images',
  attach: 'Attach image',
  capture: 'Capture visible tab',
  region: 'Select an area',
  regionHint: 'Drag over the page beside the panel; Escape cancels.',
  capturing: 'Capturing…',
  remove: (name: string) => `Remove ${name}`,
  tooMany: `Up to ${MAX_IMAGES_PER_MESSAGE} images can go with one prompt.`,
  pasteHint: 'You can also paste an image.',
} as const;

/**
 * The images sent with a prompt: attach a file (or paste one anywhere on the screen), capture the
 * visible tab where the caller can (the side panel), thumbnails with a remove button each. With
 * images and a model that cannot read them, the sentence that refuses the run shows here first.
 */
export function ImageAttachments({
  images,
  onChange,
  provider,
  model,
  capture,
  captureRegion,
  disabled = false,
}: {
  images: readonly AttachedImage[];
  onChange: (images: AttachedImage[]) => void;
  provider: ProviderId;
  model: string;
  /** Captures the visible tab (the side panel): the image, or why not (with the fix the user may take). */
  capture?: () => Promise<AttachedImage | CaptureProblem>;
  /** Lets the user drag an area on the page and captures it (null: they cancelled). */
  captureRegion?: () => Promise<AttachedImage | CaptureProblem | null>;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [captureProblem, setCaptureProblem] = useState<CaptureProblem | null>(null);
  const [capturing, setCapturing] = useState(false);
  const latest = useRef(images);
  latest.current = images;

  const add = async (files: readonly (Blob & { name?: string })[]) => {
    setProblem(null);
    const added: AttachedImage[] = [];
    for (const [i, file] of files.entries()) {
      if (latest.current.length + added.length >= MAX_IMAGES_PER_MESSAGE) {
        setProblem(IMAGE_TEXTS.tooMany);
        break;
      }
      const result = await attachImage(file, file.name || `Pasted image ${i + 1}`);
      if (typeof result === 'string') setProblem(result);
      else added.push(result);
    }
    if (added.length) onChange([...latest.current, ...added]);
  };

  // A pasted image (a screenshot in the clipboard) is attached wherever the focus is.
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    if (disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
      if (!files.length) return;
      event.preventDefault();
      void addRef.current(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [disabled]);

  const [picking, setPicking] = useState(false);
  const pickArea = async () => {
    if (!captureRegion) return;
    if (latest.current.length >= MAX_IMAGES_PER_MESSAGE) return setProblem(IMAGE_TEXTS.tooMany);
    setProblem(null);
    setCaptureProblem(null);
    setPicking(true);
    const result = await captureRegion();
    setPicking(false);
    if (!result) return;
    if ('message' in result) setCaptureProblem(result);
    else onChange([...latest.current, result]);
  };

  const captureTab = async () => {
    if (!capture) return;
    if (latest.current.length >= MAX_IMAGES_PER_MESSAGE) return setProblem(IMAGE_TEXTS.tooMany);
    setProblem(null);
    setCaptureProblem(null);
    setCapturing(true);
    const result = await capture();
    setCapturing(false);
    if ('message' in result) setCaptureProblem(result);
    else onChange([...latest.current, result]);
  };

  const support = images.length && model ? visionSupport(provider, model) : null;

  return (
    <Stack spacing={1} component="section" aria-labelledby={`${inputId}-title`}>
      <Typography id={`${inputId}-title`} variant="subtitle2" component="h3">
        {IMAGE_TEXTS.title}
      </Typography>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void add(files);
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<AddPhotoIcon />} disabled={disabled} onClick={() => input.current?.click()}>
          {IMAGE_TEXTS.attach}
        </Button>
        {capture && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ScreenshotIcon />}
            disabled={disabled}
            loading={capturing}
            onClick={() => void captureTab()}
          >
            {IMAGE_TEXTS.capture}
          </Button>
        )}
        {captureRegion && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<CropIcon />}
            disabled={disabled}
            loading={picking}
            onClick={() => void pickArea()}
          >
            {IMAGE_TEXTS.region}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {ATTACH_TEXTS.hint} {IMAGE_TEXTS.pasteHint}
      </Typography>
      {picking && (
        <Typography variant="body2" role="status">
          {IMAGE_TEXTS.regionHint}
        </Typography>
      )}
      {images.length > 0 && (
        <Box component="ul" aria-label="Attached images" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {images.map((image) => (
            <Box
              component="li"
              key={image.id}
              sx={{ position: 'relative', width: 96, height: 72, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              <Box
                component="img"
                src={`data:${image.mediaType};base64,${image.base64}`}
                alt={`${image.name}, ${image.width}×${image.height}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              <Tooltip title={IMAGE_TEXTS.remove(image.name)}>
                <IconButton
                  size="small"
                  aria-label={IMAGE_TEXTS.remove(image.name)}
                  disabled={disabled}
                  onClick={() => onChange(latest.current.filter((i) => i.id !== image.id))}
                  sx={{
                    position: 'absolute',
                    top: 2,
                    right: 2,
                    p: 0.25,
                    bgcolor: 'background.paper',
                    '&:hover, &:focus-visible': { bgcolor: 'background.paper' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      {problem && (
        <Alert severity="warning" role="alert" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {captureProblem && <CaptureProblemAlert problem={captureProblem} onFixed={() => void captureTab()} />}
      {support && !support.ok && (
        <Alert severity="warning" role="alert">
          {support.error}
        </Alert>
      )}
    </Stack>
  );
}
