import { describe, expect, it } from 'vitest';
import { budgetStop, toAiError } from '@/shared/ai/aiErrors.ts';
import { budgetVerdict, type BudgetStatus } from '@/shared/core/usage/budgets.ts';

const november = new Date('2026-11-29T11:00:00Z');
const row = (provider: string | null, state: string, spent: number, limit = 20_000_000, atLimit = 'stop'): BudgetStatus => ({
  provider,
  monthly_limit_micros: limit,
  spent_micros: spent,
  at_limit: atLimit,
  state,
});

describe('budgets at the moment of a call', () => {
  it('no budgets, or budgets below 80%: the call goes on and nothing is said', () => {
    expect(budgetVerdict([], 'openai', 'USD', november)).toEqual({ refusal: null, warnings: [] });
    expect(budgetVerdict([row('openai', 'ok', 15_999_999), row(null, 'ok', 1)], 'openai', 'USD', november)).toEqual({
      refusal: null,
      warnings: [],
    });
  });

  it("a stopped provider budget refuses that provider's calls in one sentence, not another provider's", () => {
    const rows = [row('openai', 'stopped', 20_400_000)];
    expect(budgetVerdict(rows, 'openai', 'USD', november).refusal).toBe(
      'Your OpenAI budget for November ($20.00) is used up, so OpenAI calls are stopped until December 1. Raise it or switch it to warn-only in Usage.',
    );
    expect(budgetVerdict(rows, 'anthropic', 'USD', november)).toEqual({ refusal: null, warnings: [] });
  });

  it('a stopped overall budget refuses every provider; December rolls over to January', () => {
    const rows = [row(null, 'stopped', 50_000_000, 50_000_000)];
    const december = new Date('2026-12-31T23:59:00Z');
    expect(budgetVerdict(rows, 'gemini', 'USD', december).refusal).toBe(
      'Your overall AI budget for December ($50.00) is used up, so AI calls are stopped until January 1. Raise it or switch it to warn-only in Usage.',
    );
  });

  it("when both stop, the provider's own budget is the one named", () => {
    const rows = [row(null, 'stopped', 60_000_000, 50_000_000), row('anthropic', 'stopped', 30_000_000)];
    expect(budgetVerdict(rows, 'anthropic', 'USD', november).refusal).toMatch(/^Your Anthropic budget/);
  });

  it('warns at 80% and over a warn-only limit, in the user’s currency, percent rounded down', () => {
    const rows = [row('openai', 'warning', 16_999_999), row(null, 'over', 52_500_000, 50_000_000, 'warn')];
    const verdict = budgetVerdict(rows, 'openai', 'EUR', november);
    expect(verdict.refusal).toBeNull();
    expect(verdict.warnings).toEqual([
      'Your overall AI budget for November (€50.00) is used up: €52.50 spent. AI calls go on because it is set to warn only.',
      'You have used 84% of your OpenAI budget for November (€17.00 of €20.00).',
    ]);
  });

  it('a warning of another provider is not shown for this one', () => {
    expect(budgetVerdict([row('gemini', 'warning', 17_000_000)], 'openai', 'USD', november).warnings).toEqual([]);
  });

  it('the refusal is an AI error of its own kind, passed through unchanged by the error mapping', () => {
    const error = budgetStop('Your OpenAI budget … is used up.');
    expect(error).toMatchObject({ kind: 'budget', title: 'Budget Used Up', message: 'Your OpenAI budget … is used up.' });
    expect(toAiError(error, { provider: 'openai', fallback: 'other' })).toBe(error);
  });
});
