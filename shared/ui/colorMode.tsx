import { lazy, Suspense, useState } from 'react';
import { IconButton, type SxProps, type Theme } from '@mui/material';
import { darken, lighten, useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';

// The tooltip's code (MUI's Tooltip with Popper.js) loads when the button is first reached: headers draw without it.
const AnchoredTooltip = lazy(async () => ({ default: (await import('./AnchoredTooltip.tsx')).AnchoredTooltip }));

/** The mode in effect: the chosen one, or the system's when "system" is chosen. */
function useResolvedMode(): 'light' | 'dark' {
  const { mode, systemMode } = useColorScheme();
  return (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
}

/** A header button that flips between light and dark (the choice is remembered). dataKey: its `data-fd` (the side panel's first view hands clicks over by it). */
export function ColorModeToggle({ sx, dataKey }: { sx?: SxProps<Theme>; dataKey?: string }) {
  const { setMode } = useColorScheme();
  const resolved = useResolvedMode();
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tipOpen, setTipOpen] = useState(false);
  const showTip = (button: HTMLElement) => {
    setAnchor(button);
    setTipOpen(true);
  };
  return (
    <>
      <IconButton
        aria-label={label}
        onClick={() => setMode(next)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && showTip(event.currentTarget)}
        onPointerLeave={() => setTipOpen(false)}
        // As MUI's Tooltip: on keyboard focus, not on the focus a click gives.
        onFocus={(event) => event.currentTarget.matches(':focus-visible') && showTip(event.currentTarget)}
        onBlur={() => setTipOpen(false)}
        onKeyDown={(event) => event.key === 'Escape' && setTipOpen(false)}
        sx={sx}
        data-fd={dataKey}
      >
        {resolved === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <AnchoredTooltip anchor={anchor} open={tipOpen} title={label} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Text in an accent colour that stays readable in both schemes (WCAG AA on the page surfaces):
 * darkened on light backgrounds, lightened on dark ones.
 */
export const accentText =
  (color: string, amount = 0.35) =>
  (theme: Theme) => ({
    color: darken(color, amount),
    ...theme.applyStyles('dark', { color: lighten(color, amount) }),
  });
