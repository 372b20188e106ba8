import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import SystemModeIcon from '@mui/icons-material/SettingsBrightnessOutlined';

type ColorMode = 'system' | 'light' | 'dark';

const MODE_LABELS: Record<ColorMode, string> = { system: 'System', light: 'Light', dark: 'Dark' };

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
