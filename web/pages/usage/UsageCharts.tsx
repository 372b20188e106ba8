import { Box, useMediaQuery } from '@mui/material';
import { useColorScheme, useTheme, type CssVarsTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DaySpend } from '@/shared/core/usage/report.ts';

/**
 * The Usage page's charts (MUI X Charts). Each is a figure named for screen readers; the numbers
 * it draws are also in the list or table beside it, which is what keyboard and screen-reader
 * users read (a chart's bars are not focusable stops). Drawn without animation: bars sliding to
 * their place after a resize or a new month say nothing.
 */

/**
 * A palette colour of the scheme on screen as a plain value: the charts draw with SVG `fill`
 * attributes, where the theme's CSS variables do not resolve.
 */
function useSchemeColor(color: 'primary' | 'secondary'): string {
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
  // The app's theme is made with CSS variables (shared/ui/theme.ts), so it carries both schemes.
  const schemes = (theme as { colorSchemes?: CssVarsTheme['colorSchemes'] }).colorSchemes;
  return schemes?.[scheme]?.palette[color].main ?? theme.palette[color].main;
}

const shorten = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/** Known spend per UTC day of the period, in the user's currency. */
export function SpendByDayChart({
  days,
  money,
  label,
}: {
  days: readonly DaySpend[];
  money: (usdMicros: number) => string;
  label: string;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const color = useSchemeColor('primary');
  return (
    <Box component="figure" aria-label={label} sx={{ m: 0 }}>
      <BarChart
        height={narrow ? 200 : 260}
        hideLegend
        skipAnimation
        margin={{ left: 4, right: 8, top: 8, bottom: 0 }}
        xAxis={[
          {
            scaleType: 'band',
            data: days.map((d) => d.day),
            valueFormatter: (day: string, context) =>
              context.location === 'tick' ? String(Number(day.slice(8))) : new Date(`${day}T00:00:00Z`).toUTCString().slice(0, 16),
            tickLabelInterval: (_day: string, index: number) => (narrow ? index % 5 === 0 : index % 2 === 0),
          },
        ]}
        yAxis={[{ valueFormatter: (micros: number) => money(micros), width: narrow ? 64 : 80 }]}
        series={[
          {
            data: days.map((d) => d.costMicros),
            label: 'Spend',
            color,
            valueFormatter: (micros) => (micros === null ? '' : money(micros)),
          },
        ]}
      />
    </Box>
  );
}

export interface ChartBar {
  label: string;
  /** USD micro-dollars. */
  costMicros: number;
}

/** Known spend per group (feature, provider or model), largest first, as horizontal bars. */
export function SpendBarsChart({ bars, money, label }: { bars: readonly ChartBar[]; money: (usdMicros: number) => string; label: string }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const color = useSchemeColor('secondary');
  return (
    <Box component="figure" aria-label={label} sx={{ m: 0 }}>
      <BarChart
        layout="horizontal"
        height={48 + bars.length * 34}
        hideLegend
        skipAnimation
        margin={{ left: 4, right: 28, top: 8, bottom: 0 }}
        yAxis={[
          {
            scaleType: 'band',
            data: bars.map((b) => b.label),
            width: narrow ? 96 : 140,
            valueFormatter: (value: string, context) => (context.location === 'tick' ? shorten(value, narrow ? 12 : 20) : value),
          },
        ]}
        xAxis={[{ valueFormatter: (micros: number) => money(micros), tickNumber: narrow ? 3 : 5 }]}
        series={[
          {
            data: bars.map((b) => b.costMicros),
            label: 'Spend',
            color,
            valueFormatter: (micros) => (micros === null ? '' : money(micros)),
          },
        ]}
      />
    </Box>
  );
}
