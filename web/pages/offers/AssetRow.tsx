import type { ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Accordion, AccordionDetails, AccordionSummary, Box, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircle';
import DragIcon from '@mui/icons-material/DragIndicator';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { isGenerated, type OfferAsset } from '@/shared/core/offers/offer.ts';

/** A stable id for DOM ids from a category name. */
export const rowId = (name: string) => `offer-row-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The row's state at a glance: a spinner while it generates, a check mark once it has content without error. */
function RowStatus({ asset, busy }: { asset: OfferAsset; busy: boolean }) {
  if (busy) return <CircularProgress size={18} aria-label="Generating" />;
  if (isGenerated(asset)) return <CheckIcon color="success" titleAccess="Generated" fontSize="small" />;
  if (asset.error) return <ErrorIcon color="error" titleAccess="Failed" fontSize="small" />;
  return <Box sx={{ width: 20, height: 20, borderRadius: '50%', border: 2, borderColor: 'divider', flexShrink: 0 }} aria-hidden />;
}

export function AccordionRow({
  id,
  title,
  status,
  expanded,
  onToggle,
  children,
  handle,
}: {
  id: string;
  title: string;
  status: ReactNode;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
  handle?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      {handle ?? <Box sx={{ width: 40, flexShrink: 0 }} aria-hidden />}
      <Accordion
        expanded={expanded}
        onChange={onToggle}
        disableGutters
        variant="outlined"
        slotProps={{ transition: { unmountOnExit: true } }}
        sx={{ flexGrow: 1, minWidth: 0, borderRadius: 2, '&::before': { display: 'none' } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-header`} sx={{ minHeight: 52 }}>
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
            {status}
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
          </Stack>
        </AccordionSummary>
        <AccordionDetails id={`${id}-panel`} sx={{ pt: 0 }}>
          {children}
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}

/** One category: drag handle (pointer or keyboard), the accordion row and its panel. */
export function AssetRow({
  asset,
  busy,
  expanded,
  onToggle,
  dragDisabled,
  children,
}: {
  asset: OfferAsset;
  busy: boolean;
  expanded: boolean;
  onToggle: () => void;
  dragDisabled: boolean;
  children: ReactNode;
}) {
  const sortable = useSortable({ id: asset.name, disabled: dragDisabled });
  // The drag instructions reach screen readers through dnd-kit's aria-describedby; the card says them too.
  const handle = (
    <IconButton
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`Reorder ${asset.name}`}
      data-drag-handle
      sx={{ mt: 0.75, cursor: dragDisabled ? 'default' : 'grab', touchAction: 'none', flexShrink: 0 }}
    >
      <DragIcon />
    </IconButton>
  );
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-asset={asset.name}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{ position: 'relative', zIndex: sortable.isDragging ? 2 : 'auto', opacity: sortable.isDragging ? 0.85 : 1 }}
    >
      <AccordionRow
        id={rowId(asset.name)}
        title={asset.name}
        status={<RowStatus asset={asset} busy={busy} />}
        expanded={expanded}
        onToggle={onToggle}
        handle={handle}
      >
        {children}
      </AccordionRow>
    </Box>
  );
}
