import { Tooltip } from '@mui/material';

/**
 * MUI's tooltip beside an element drawn without it (its code loads on demand): opened and closed
 * by the caller, placed at `anchor`. The hidden span only gives Tooltip the child it requires.
 */
export function AnchoredTooltip({ anchor, open, title }: { anchor: HTMLElement; open: boolean; title: string }) {
  return (
    <Tooltip title={title} open={open} disableInteractive slotProps={{ popper: { anchorEl: anchor } }}>
      <span hidden />
    </Tooltip>
  );
}
