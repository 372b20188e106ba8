/**
 * Read statements by request shape (table, method, query string and the headers that change the SQL), so a
 * repeated request skips parsing and SQL building. Only SQL text and parameter values taken from the query string
 * are kept: the role and JWT claims travel with each request's settings statement, never in a cached plan.
 * Plans belong to one schema snapshot (a reload starts afresh) and each snapshot keeps at most `max`, dropping
 * the least recently used.
 */
export class PlanCache<T> {
  private readonly bySchema = new WeakMap<object, Map<string, T>>();

  constructor(private readonly max: number) {}

  get(schema: object, key: string): T | undefined {
    const plans = this.bySchema.get(schema);
    const plan = plans?.get(key);
    if (plan === undefined) return undefined;
    // Re-inserting moves the entry to the end: Map keeps insertion order, so the first key is the least recent.
    plans!.delete(key);
    plans!.set(key, plan);
    return plan;
  }

  set(schema: object, key: string, plan: T): void {
    let plans = this.bySchema.get(schema);
    if (!plans) this.bySchema.set(schema, (plans = new Map()));
    plans.delete(key);
    plans.set(key, plan);
    if (plans.size > this.max) plans.delete(plans.keys().next().value!);
  }

  /** Plans kept for a schema snapshot. */
  size(schema: object): number {
    return this.bySchema.get(schema)?.size ?? 0;
  }
}
