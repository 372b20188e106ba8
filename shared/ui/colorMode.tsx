import { IconButton, ToggleButton, ToggleButtonGroup, Tooltip, type SxProps, type Theme } from '@mui/material';
import { darken, lighten, useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import SystemModeIcon from '@mui/icons-material/SettingsBrightnessOutlined';

export type ColorMode = 'system' | 'light' | 'dark';

const MODE_LABELS: Record<ColorMode, string> = { system: 'System', light: 'Light', dark: 'Dark' };

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
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => setMode(next)} sx={sx} data-fd={dataKey}>
        {resolved === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** System / Light / Dark, for Settings. */
export function ColorModeChoice() {
  const { mode, setMode } = useColorScheme();
  const icons: Record<ColorMode, typeof SystemModeIcon> = { system: SystemModeIcon, light: LightModeIcon, dark: DarkModeIcon };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={mode ?? 'system'}
      onChange={(_event, value: ColorMode | null) => value && setMode(value)}
      aria-label="Colour mode"
    >
      {(Object.keys(MODE_LABELS) as ColorMode[]).map((value) => {
        const Icon = icons[value];
        return (
          <ToggleButton key={value} value={value} sx={{ gap: 1, px: 2 }}>
            <Icon fontSize="small" /> {MODE_LABELS[value]}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
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
