import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import type { PromptQuestion } from '@/shared/core/placeholders.ts';

/** A free prompt's questions as label + placeholder key rows: add, change, move, remove. */
export function QuestionRows({
  questions,
  errors,
  onChange,
}: {
  questions: PromptQuestion[];
  /** Each row's problem once Save was pressed. */
  errors: (string | null)[];
  onChange: (questions: PromptQuestion[]) => void;
}) {
  const change = (index: number, patch: Partial<PromptQuestion>) =>
    onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const move = (index: number, to: number) => {
    const next = [...questions];
    [next[index], next[to]] = [next[to]!, next[index]!];
    onChange(next);
  };

  return (
    <Stack spacing={1.5}>
      {questions.map((q, i) => {
        const n = i + 1;
        const error = errors[i] ?? null;
        // The problem is the label's or the key's: that field is marked, the text is under the row.
        const labelProblem = error === CATALOG_TEXTS.questionLabelRequired;
        const errorId = `question-${n}-problem`;
        return (
          <Box key={i}>
            <Stack
              key={i}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
              role="group"
              aria-label={`Question ${n}`}
            >
              <TextField
                label={`Question ${n}`}
                size="small"
                value={q.label}
                onChange={(e) => change(i, { label: e.target.value })}
                error={labelProblem}
                slotProps={{ htmlInput: { 'aria-describedby': labelProblem ? errorId : undefined } }}
                sx={{ flex: 2 }}
              />
              <TextField
                label={`Placeholder key ${n}`}
                size="small"
                value={q.placeholderKey}
                onChange={(e) => change(i, { placeholderKey: e.target.value })}
                error={Boolean(error) && !labelProblem}
                slotProps={{ htmlInput: { 'aria-describedby': error && !labelProblem ? errorId : undefined } }}
                placeholder="product"
                sx={{ flex: 1 }}
              />
              <Box sx={{ display: 'flex', flexShrink: 0 }}>
                <Tooltip title="Move up">
                  <span>
                    <IconButton aria-label={`Move question ${n} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      <ArrowUpIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move down">
                  <span>
                    <IconButton aria-label={`Move question ${n} down`} disabled={i === questions.length - 1} onClick={() => move(i, i + 1)}>
                      <ArrowDownIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Remove">
                  <IconButton aria-label={`Remove question ${n}`} onClick={() => onChange(questions.filter((_q, j) => j !== i))}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            </Stack>
            {error && (
              <FormHelperText error id={errorId} sx={{ mx: 1.75 }}>
                {error}
              </FormHelperText>
            )}
          </Box>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...questions, { label: '', placeholderKey: '' }])}>
          Add question
        </Button>
      </Box>
    </Stack>
  );
}
