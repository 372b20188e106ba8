import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Grid,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  generateLorem,
  seededRandom,
  LOREM_UNITS,
  loremStats,
  loremText,
  loremUnit,
  parseLoremCount,
  type LoremUnit,
} from '@/shared/core/tools/lorem.ts';
import { ToolPage, useCopyText } from './toolParts.tsx';
import { useKeptEarlyCheck, useKeptEarlyInput } from '@/web/lib/useKeptEarlyInput.ts';

const INITIAL_UNIT: LoremUnit = 'paragraphs';

/** /free-tools/lorem-ipsum: an exact number of paragraphs, sentences or words, ready to copy. */
export function LoremIpsumPage() {
  const [unit, setUnit] = useState<LoremUnit>(INITIAL_UNIT);
  const [countInput, setCountInput] = useState(String(loremUnit(INITIAL_UNIT).initial));
  const [startWithLorem, setStartWithLorem] = useState(true);
  const [touched, setTouched] = useState(false);
  // The first text is fixed (seeded): the pre-rendered page and the browser draw the same words.
  const [blocks, setBlocks] = useState<string[]>(() =>
    generateLorem({ unit: INITIAL_UNIT, count: loremUnit(INITIAL_UNIT).initial, startWithLorem: true, random: seededRandom(1) }),
  );
  const copy = useCopyText();
  const countRef = useKeptEarlyInput<HTMLInputElement>(countInput, setCountInput);
  const startRef = useKeptEarlyCheck(startWithLorem, setStartWithLorem);

  const info = loremUnit(unit);
  const parsed = parseLoremCount(unit, countInput);
  const showError = touched && parsed.error !== null;
  const stats = loremStats(blocks);

  const changeUnit = (next: LoremUnit | null) => {
    if (!next) return;
    setUnit(next);
    setCountInput(String(loremUnit(next).initial));
    setTouched(false);
  };

  const generate = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (parsed.count === null) return;
    setBlocks(generateLorem({ unit, count: parsed.count, startWithLorem }));
  };

  return (
    <ToolPage title="Lorem Ipsum Generator" subtitle="Placeholder text for mock-ups and layouts: choose what and how much, then copy.">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card
            component="form"
            noValidate
            onSubmit={generate}
            aria-label="Lorem ipsum options"
            sx={{ position: { md: 'sticky' }, top: { md: 88 } }}
          >
            <CardContent sx={{ p: 3 }}>
              <Stack spacing={2.5}>
                <Box>
                  <Typography variant="subtitle2" component="h2" id="lorem-unit-label" sx={{ mb: 1 }}>
                    Generate
                  </Typography>
                  <ToggleButtonGroup
                    value={unit}
                    exclusive
                    onChange={(_e, next: LoremUnit | null) => changeUnit(next)}
                    aria-labelledby="lorem-unit-label"
                    fullWidth
                    size="small"
                    color="primary"
                  >
                    {LOREM_UNITS.map((u) => (
                      <ToggleButton key={u.id} value={u.id}>
                        {u.label}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
                <TextField
                  label={`Number of ${info.label.toLowerCase()}`}
                  type="number"
                  value={countInput}
                  onChange={(e) => setCountInput(e.target.value)}
                  inputRef={countRef}
                  onBlur={() => setTouched(true)}
                  error={showError}
                  helperText={showError ? parsed.error : `From ${info.min} to ${info.max.toLocaleString('en-US')}`}
                  slotProps={{ htmlInput: { min: info.min, max: info.max, step: 1, inputMode: 'numeric' } }}
                  fullWidth
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={startWithLorem}
                      onChange={(e) => setStartWithLorem(e.target.checked)}
                      slotProps={{ input: { ref: startRef } }}
                    />
                  }
                  label="Start with 'Lorem ipsum dolor sit amet'"
                />
                <Button type="submit" variant="contained" size="large" startIcon={<AutorenewIcon />}>
                  Generate
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
                <Box>
                  <Typography variant="h6" component="h2">
                    Your text
                  </Typography>
                  <Typography variant="body2" color="text.secondary" aria-live="polite">
                    {stats.paragraphs} {stats.paragraphs === 1 ? 'paragraph' : 'paragraphs'} · {stats.sentences}{' '}
                    {stats.sentences === 1 ? 'sentence' : 'sentences'} · {stats.words} {stats.words === 1 ? 'word' : 'words'} ·{' '}
                    {stats.characters.toLocaleString('en-US')} characters
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  startIcon={<ContentCopyIcon />}
                  onClick={() => void copy(loremText(blocks))}
                  sx={{ flexShrink: 0 }}
                >
                  Copy
                </Button>
              </Stack>
              <Box
                component="section"
                aria-label="Generated text"
                sx={{ bgcolor: 'background.default', borderRadius: 2, p: { xs: 2, md: 3 }, maxHeight: 640, overflowY: 'auto' }}
              >
                {blocks.map((block, i) => (
                  <Typography key={i} component="p" variant="body1" sx={{ lineHeight: 1.75, '&:not(:last-child)': { mb: 2 } }}>
                    {block}
                  </Typography>
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </ToolPage>
  );
}
