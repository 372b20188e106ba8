/**
 * The monthly document generations: 50 a month on Free, shown as "n / 50", the limit modal at 50;
 * no limit on Pro and Team (the database answers null). The database counts (migration 20261123001000_generation_quota.sql, the
 * same limit); this module only reads and shows its answers.
 */

export const MONTHLY_GENERATION_LIMIT = 50;

export interface QuotaStatus {
  /** Generations this month, running ones included. */
  used: number;
  /** null: the plan has no limit (Pro, Team). */
  limit: number | null;
  remaining: number | null;
  /** First day of the month the count belongs to (YYYY-MM-DD, UTC). */
  month: string;
}

export const QUOTA_TEXTS = {
  limitTitle: 'Monthly Generation Limit Reached',
  limitBody: `You have used all ${MONTHLY_GENERATION_LIMIT} free document generations this month. The counter starts again on the first day of next month, or upgrade for more.`,
  upgrade: 'Upgrade your plan',
  counterLabel: 'Generations this month',
  /** Where generations go, said wherever one is spent (the document generator, workflow runs and their history). */
  rule: `Each generated document and each workflow run counts as one generation; the Free plan includes ${MONTHLY_GENERATION_LIMIT} a month.`,
  unlimited: 'unlimited',
} as const;

/** "12 / 50" (the counter shown as n / 50); "12 / unlimited" on a plan without a limit. */
export function quotaLabel(quota: Pick<QuotaStatus, 'used' | 'limit'>): string {
  if (quota.limit === null) return `${quota.used} / ${QUOTA_TEXTS.unlimited}`;
  return `${Math.min(quota.used, quota.limit)} / ${quota.limit}`;
}

export function isQuotaReached(quota: Pick<QuotaStatus, 'used' | 'limit'>): boolean {
  return quota.limit !== null && quota.used >= quota.limit;
}

/** Share of the month's generations used, 0-100, for a progress bar (0 without a limit). */
export function quotaPercent(quota: Pick<QuotaStatus, 'used' | 'limit'>): number {
  if (quota.limit === null) return 0;
  if (quota.limit <= 0) return 100;
  return Math.min(100, Math.round((quota.used / quota.limit) * 100));
}

/** When the counter starts again: the first day of the month after `month` (YYYY-MM-DD). */
export function quotaResetsOn(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthIndex, 1));
  return next.toISOString().slice(0, 10);
}

/** A quota answer from the database functions ({ used, limit, remaining, month }), checked. */
export function parseQuota(value: unknown): QuotaStatus | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : null);
  const used = num(v.used);
  // A plan without a limit answers null for both.
  const unlimited = v.limit === null && v.remaining === null;
  const limit = unlimited ? null : num(v.limit);
  const remaining = unlimited ? null : num(v.remaining);
  if (
    used === null ||
    (!unlimited && (limit === null || remaining === null)) ||
    typeof v.month !== 'string' ||
    !/^\d{4}-\d{2}-01$/.test(v.month)
  )
    return null;
  return { used, limit, remaining, month: v.month };
}
