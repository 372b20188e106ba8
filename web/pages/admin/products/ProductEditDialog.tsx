import { useState, type FormEvent } from 'react';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Slider,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatMaxDownloads,
  MAX_DOWNLOADS,
  parsePrice,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  type ProductType,
} from '@/shared/core/products.ts';
import { STOREFRONT_TEXTS, type DocumentFormat } from '@/shared/core/storefront.ts';
import type { AdminDocument, ProductEdit } from '@/shared/data/products.ts';
import { DeliverableFields } from './DeliverableFields.tsx';
import type { StorefrontChoice } from './storefrontSave.ts';
import { SaveCancelActions } from '@/web/components/SaveCancelActions.tsx';

/**
 * Product edit: price (a number, else 0), max downloads (slider 1–100, default 10, ∞), the Stripe
 * price (created by the server from the price, or a pasted id) and the file buyers receive.
 */
export function ProductEditDialog({
  document,
  saving,
  onSave,
  onClose,
}: {
  document: AdminDocument;
  saving: boolean;
  onSave: (edit: ProductEdit, choice: StorefrontChoice) => void;
  onClose: () => void;
}) {
  const [price, setPrice] = useState(document.price === null ? '' : String(document.price));
  const [unlimited, setUnlimited] = useState(document.isDigitalProduct && document.maxDownloads === null);
  const [maxDownloads, setMaxDownloads] = useState(
    Math.min(Math.max(document.maxDownloads ?? MAX_DOWNLOADS.default, MAX_DOWNLOADS.min), MAX_DOWNLOADS.max),
  );
  const [priceId, setPriceId] = useState(document.stripePriceId ?? '');
  // Opens on the document's current state: editing a plain document never lists it by itself.
  const [forSale, setForSale] = useState(document.isDigitalProduct);
  const [summary, setSummary] = useState(document.summary ?? '');
  const [type, setType] = useState<ProductType>(document.type);
  const [priceSource, setPriceSource] = useState<'create' | 'paste'>(document.stripePriceId ? 'paste' : 'create');
  const [format, setFormat] = useState<DocumentFormat | null>(null);
  const [upload, setUpload] = useState<File | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const createPrice = priceSource === 'create';
    onSave(
      {
        price: parsePrice(price),
        maxDownloads: unlimited ? null : maxDownloads,
        // The created price replaces it once the server has made it.
        stripePriceId: createPrice ? (document.stripePriceId ?? '') : priceId,
        isDigitalProduct: forSale,
        summary,
        type,
      },
      { createPrice, format: type === 'document' ? format : null, upload },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="product-edit-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="product-edit-title">Edit product: {document.name}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <FormControlLabel
              control={<Switch checked={forSale} onChange={(e) => setForSale(e.target.checked)} />}
              label="For sale on its product page"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Price"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                inputMode="decimal"
                fullWidth
                helperText={`Saved as ${parsePrice(price).toFixed(2)} USD`}
                slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
              />
              <FormControl fullWidth>
                <InputLabel id="product-type-label">Type</InputLabel>
                <Select labelId="product-type-label" label="Type" value={type} onChange={(e) => setType(e.target.value as ProductType)}>
                  {PRODUCT_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {PRODUCT_TYPE_LABELS[t]}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Stack>
            <Box>
              <Typography id="max-downloads-label" gutterBottom>
                Max downloads per purchase: <strong>{unlimited ? '∞' : formatMaxDownloads(maxDownloads)}</strong>
              </Typography>
              <Slider
                aria-labelledby="max-downloads-label"
                value={maxDownloads}
                min={MAX_DOWNLOADS.min}
                max={MAX_DOWNLOADS.max}
                step={MAX_DOWNLOADS.step}
                disabled={unlimited}
                valueLabelDisplay="auto"
                onChange={(_e, value) => setMaxDownloads(value as number)}
              />
              <FormControlLabel
                control={<Switch checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} />}
                label="Unlimited (∞)"
              />
            </Box>
            <FormControl>
              <FormLabel id="price-source-label">{STOREFRONT_TEXTS.priceSourceLabel}</FormLabel>
              <RadioGroup
                aria-labelledby="price-source-label"
                value={priceSource}
                onChange={(e) => setPriceSource(e.target.value === 'paste' ? 'paste' : 'create')}
              >
                <FormControlLabel value="create" control={<Radio />} label={STOREFRONT_TEXTS.priceCreate} />
                <FormControlLabel value="paste" control={<Radio />} label={STOREFRONT_TEXTS.pricePaste} />
              </RadioGroup>
            </FormControl>
            {priceSource === 'paste' && (
              <TextField
                label="Stripe price id"
                value={priceId}
                onChange={(e) => setPriceId(e.target.value)}
                placeholder="price_1Abc…"
                helperText="From your Stripe dashboard (Products → Pricing). Without it the product cannot be bought."
                fullWidth
              />
            )}
            <DeliverableFields
              productId={document.id}
              type={type}
              format={format}
              upload={upload}
              onFormat={setFormat}
              onUpload={setUpload}
            />
            <TextField
              label="Summary"
              value={summary}
              onChange={(e) => setSummary(e.target.value)}
              multiline
              minRows={2}
              maxRows={6}
              fullWidth
              helperText="Shown on the product page; a default text is used when empty."
            />
          </Stack>
        </DialogContent>
        <SaveCancelActions saving={saving} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
