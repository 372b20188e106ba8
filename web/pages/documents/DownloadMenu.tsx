import { useId, useState } from 'react';
import { Button, IconButton, Menu, MenuItem, Tooltip, type ButtonProps } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '@/shared/export/model.ts';

/**
 * "Download" with the formats in a menu: DOCX first (the generated format), then PDF, HTML,
 * Markdown and plain text. `compact` shows an icon button (list rows).
 */
export function DownloadMenu(props: {
  name: string;
  onDownload: (format: ExportFormat) => Promise<void>;
  compact?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const label = `Download ${props.name}`;

  const pick = (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    void props.onDownload(format).finally(() => setBusy(false));
  };

  const opener = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    'aria-controls': anchor ? menuId : undefined,
    disabled: busy,
    onClick: (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  };

  return (
    <>
      {props.compact ? (
        <Tooltip title="Download">
          <span>
            <IconButton aria-label={label} size="small" {...opener}>
              <DownloadIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button variant={props.variant ?? 'outlined'} size={props.size} startIcon={<DownloadIcon />} aria-label={label} {...opener}>
          Download
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => pick(format)}>
            {EXPORT_FORMAT_LABELS[format]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
