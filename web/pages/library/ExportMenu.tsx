import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';

/** Export the whole library (ours): JSON keeps the folder tree exactly; CSV opens in a spreadsheet. */
export function ExportMenu({ onExport }: { onExport: (kind: 'json' | 'csv') => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (kind: 'json' | 'csv') => {
    setAnchor(null);
    onExport(kind);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'library-export-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Export
      </Button>
      <Menu id="library-export-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('json')}>
          <ListItemText primary="Library as JSON" secondary="Folders and prompts, exactly" />
        </MenuItem>
        <MenuItem onClick={() => choose('csv')}>
          <ListItemText primary="Library as CSV" secondary="One row per folder and prompt" />
        </MenuItem>
      </Menu>
    </>
  );
}
