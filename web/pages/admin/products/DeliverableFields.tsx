import { useQuery } from '@tanstack/react-query';
import { Box, Button, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import type { ProductType } from '@/shared/core/products.ts';
import {
  DOCUMENT_FORMAT_LABELS,
  DOCUMENT_FORMATS,
  isDocumentFormat,
  STOREFRONT_TEXTS,
  type DocumentFormat,
} from '@/shared/core/storefront.ts';
import { productQueries } from '@/web/queries/products.ts';

/**
 * The file buyers receive: the current one, a format to render a generated document in, or an
 * uploaded file delivered as it is. Videos and links deliver a page with their link unless a file is uploaded.
 */
export function DeliverableFields({
  productId,
  type,
  format,
  upload,
  onFormat,
  onUpload,
}: {
  productId: string;
  type: ProductType;
  format: DocumentFormat | null;
  upload: File | null;
  onFormat: (format: DocumentFormat | null) => void;
  onUpload: (file: File | null) => void;
}) {
  const current = useQuery(productQueries.deliverable(productId));
  const currentText = current.isPending ? '…' : current.isError ? '—' : (current.data ?? STOREFRONT_TEXTS.noFileYet);
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {STOREFRONT_TEXTS.deliverableLabel}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {STOREFRONT_TEXTS.currentFile}: <strong>{currentText}</strong>
      </Typography>
      {type === 'document' && (
        <FormControl fullWidth disabled={upload !== null}>
          <InputLabel id="deliverable-format-label">Render the document as</InputLabel>
          <Select
            labelId="deliverable-format-label"
            label="Render the document as"
            value={format ?? ''}
            onChange={(e) => onFormat(isDocumentFormat(e.target.value) ? e.target.value : null)}
          >
            <MenuItem value="">Keep the current file</MenuItem>
            {DOCUMENT_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {DOCUMENT_FORMAT_LABELS[f]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <Box>
        <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
          {STOREFRONT_TEXTS.uploadLabel}
          <input hidden type="file" onChange={(e) => onUpload(e.target.files?.[0] ?? null)} />
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }} aria-live="polite">
          {upload ? `${upload.name} — ${STOREFRONT_TEXTS.uploadHint}` : STOREFRONT_TEXTS.uploadHint}
        </Typography>
      </Box>
    </Stack>
  );
}
