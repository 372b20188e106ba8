import { Typography } from '@mui/material';
import { formatMoney } from '@/shared/core/usage/cost.ts';
import type { UsageRow } from '@/shared/core/usage/ledger.ts';

/** The counts and cost of one or more ledger rows (a call's, or a workflow step's calls together). */
export type UsageFigures = Pick<UsageRow, 'input_tokens' | 'cached_input_tokens' | 'output_tokens' | 'cost_micros' | 'estimated'>;

const count = (n: number) => n.toLocaleString('en-US');

/** The sum of several rows: a cost only when every row has one (one unknown price makes it unknown). */
export function usageTotal(rows: readonly UsageFigures[]): UsageFigures | null {
  if (rows.length === 0) return null;
  return {
    input_tokens: rows.reduce((sum, r) => sum + (r.input_tokens ?? 0), 0),
    cached_input_tokens: rows.reduce((sum, r) => sum + (r.cached_input_tokens ?? 0), 0),
    output_tokens: rows.reduce((sum, r) => sum + (r.output_tokens ?? 0), 0),
    cost_micros: rows.every((r) => r.cost_micros !== null) ? rows.reduce((sum, r) => sum + (r.cost_micros ?? 0), 0) : null,
    estimated: rows.some((r) => r.estimated),
  };
}

/** The line as words: "1,234 tokens in (200 cached) · 567 out · $0.0042", estimated marked, an unknown price said. */
function usageText(usage: UsageFigures): string {
  const about = usage.estimated ? '~' : '';
  const cached = usage.cached_input_tokens ? ` (${count(usage.cached_input_tokens)} cached)` : '';
  const parts = [
    `${about}${count(usage.input_tokens ?? 0)} tokens in${cached}`,
    `${about}${count(usage.output_tokens ?? 0)} out`,
    usage.cost_micros === null ? 'price unknown' : `${about}${formatMoney(usage.cost_micros)}`,
  ];
  return `${parts.join(' · ')}${usage.estimated ? ' (estimated)' : ''}`;
}

/**
 * What an answer cost, under it: tokens in and out and the amount at the price applied (USD, the
 * price table's currency). Counts the provider did not report are estimates and say so; a model
 * without a price shows its tokens and "price unknown", never an amount. On a line of its own
 * (flexBasis: a row of actions wraps below it).
 */
export function UsageLine({ usage }: { usage: UsageFigures | null }) {
  if (!usage) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="usage-line" sx={{ m: 0, mt: 1, flexBasis: '100%' }}>
      {usageText(usage)}
    </Typography>
  );
}
