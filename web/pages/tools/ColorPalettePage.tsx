import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, ButtonBase, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  buildPalettes,
  DEFAULT_BASE_COLOR,
  HEX_ERROR,
  normalizeHex,
  paletteText,
  randomHex,
  type Palette,
  type Swatch,
} from '@/shared/core/tools/palette.ts';
import { ToolPage, useCopyText } from './toolParts.tsx';
import { useKeptEarlyInput } from '@/web/lib/useKeptEarlyInput.ts';

const COPIED_MS = 1500;

function SwatchButton({ swatch, copied, onCopy }: { swatch: Swatch; copied: boolean; onCopy: (hex: string) => void }) {
  const hex = swatch.hex.toUpperCase();
  return (
    <ButtonBase
      onClick={() => onCopy(hex)}
      sx={{
        flex: '1 1 0',
        minWidth: 0,
        height: 112,
        bgcolor: swatch.hex,
        color: swatch.textColor,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'flex-end',
        p: 1.25,
        textAlign: 'left',
        transition: 'transform 120ms ease',
        '&:hover': { transform: 'translateY(-2px)' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2, zIndex: 1 },
      }}
    >
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: { xs: 12, sm: 14 } }}
      >
        {hex}
      </Typography>
      <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 20 }} aria-live="polite">
        {copied ? (
          <>
            <CheckIcon sx={{ fontSize: 14 }} /> Copied
          </>
        ) : (
          <>
            <ContentCopyIcon sx={{ fontSize: 14 }} /> Copy
          </>
        )}
      </Typography>
    </ButtonBase>
  );
}

function PaletteCard({
  palette,
  copiedKey,
  onCopy,
}: {
  palette: Palette;
  copiedKey: string | null;
  onCopy: (hex: string, key: string) => void;
}) {
  return (
    <Card component="section" aria-labelledby={`harmony-${palette.harmony.id}`} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5 }}>
        <Typography variant="h6" component="h2" id={`harmony-${palette.harmony.id}`}>
          {palette.harmony.label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, minHeight: { md: 40 } }}>
          {palette.harmony.description}
        </Typography>
        <Box sx={{ display: 'flex', borderRadius: 1.5, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          {palette.swatches.map((swatch, i) => (
            <SwatchButton
              key={`${swatch.hex}-${i}`}
              swatch={swatch}
              copied={copiedKey === `${palette.harmony.id}-${i}`}
              onCopy={(hex) => onCopy(hex, `${palette.harmony.id}-${i}`)}
            />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** /free-tools/color-palette: harmonies of a base colour, click a swatch to copy its hex. */
export function ColorPalettePage() {
  const [hexInput, setHexInput] = useState(DEFAULT_BASE_COLOR.toUpperCase());
  const [base, setBase] = useState(DEFAULT_BASE_COLOR);
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const copy = useCopyText();

  const choose = (value: string) => {
    setHexInput(value.toUpperCase());
    const hex = normalizeHex(value);
    if (hex) setBase(hex);
  };
  const hexRef = useKeptEarlyInput<HTMLInputElement>(hexInput, choose);

  const inputValid = normalizeHex(hexInput) !== null;
  const palettes = useMemo(() => buildPalettes(base), [base]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copyHex = async (hex: string, key: string) => {
    if (await copy(hex)) {
      setCopiedKey(key);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopiedKey(null), COPIED_MS);
    }
  };

  return (
    <ToolPage title="Color Palette Generator" subtitle="Pick a base color and get six harmonies. Click any swatch to copy its hex code.">
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexGrow: 1 }}>
              <Box
                component="input"
                type="color"
                value={base}
                onChange={(e: ChangeEvent<HTMLInputElement>) => choose(e.target.value)}
                aria-label="Base color picker"
                sx={{
                  width: 56,
                  height: 56,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  flexShrink: 0,
                  '&::-webkit-color-swatch-wrapper': { p: '4px' },
                  '&::-webkit-color-swatch': { border: 'none', borderRadius: '8px' },
                }}
              />
              <TextField
                label="Hex color"
                value={hexInput}
                onChange={(e) => choose(e.target.value)}
                inputRef={hexRef}
                error={!inputValid}
                helperText={inputValid ? `Base color ${base.toUpperCase()}` : HEX_ERROR}
                sx={{ flexGrow: 1, maxWidth: { md: 360 } }}
                slotProps={{
                  htmlInput: {
                    maxLength: 7,
                    spellCheck: false,
                    autoCapitalize: 'characters',
                    style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
                  },
                }}
              />
            </Stack>
            <Stack
              direction="row"
              spacing={1.5}
              sx={{ pt: { md: 1 }, '& > .MuiButton-root': { whiteSpace: 'nowrap', flex: { xs: 1, md: 'none' } } }}
            >
              <Button variant="outlined" startIcon={<CasinoIcon />} onClick={() => choose(randomHex())}>
                Random color
              </Button>
              <Button
                variant="contained"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copy(paletteText(palettes), '✅ Palette copied to clipboard!')}
              >
                Copy palette
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <Grid container spacing={3}>
        {palettes.map((palette) => (
          <Grid key={palette.harmony.id} size={{ xs: 12, md: 6 }}>
            <PaletteCard palette={palette} copiedKey={copiedKey} onCopy={(hex, key) => void copyHex(hex, key)} />
          </Grid>
        ))}
      </Grid>
    </ToolPage>
  );
}
