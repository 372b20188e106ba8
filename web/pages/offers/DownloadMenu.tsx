import { useState } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem, type ButtonProps } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import ArrowIcon from '@mui/icons-material/ArrowDropDown';
import { OFFER_DOWNLOADS, type OfferDownloadFormat } from './offerFiles.ts';

/** A Download button with the offer formats (DOCX, HTML, PDF) in its menu. */
export function DownloadMenu({
  label,
  hiddenLabel,
  onDownload,
  ...button
}: { label: string; hiddenLabel?: string; onDownload: (format: OfferDownloadFormat) => void } & Omit<ButtonProps, 'onClick'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (format: OfferDownloadFormat) => {
    setAnchor(null);
    onDownload(format);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        endIcon={<ArrowIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        {...button}
      >
        {label}
        {hiddenLabel && (
          <Box component="span" sx={visuallyHidden}>
            {` ${hiddenLabel}`}
          </Box>
        )}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {OFFER_DOWNLOADS.map(({ format, label: formatLabel }) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            <ListItemText>{formatLabel}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
