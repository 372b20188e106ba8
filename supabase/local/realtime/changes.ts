import type { Database } from '../db/types.ts';
import { CHANGES_CHANNEL, quoteIdent, syncCapture, tableKey, type CapturedChange, type PublishedTable } from './capture.ts';
import { matches, parseFilter } from './filters.ts';
import { push, type ChangeBinding, type Hub, type JoinedChannel } from './hub.ts';

const SET_CLAIMS = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";

/** Like Erlang's phash2 on the hosted server: a stable small number per binding. */
function bindingId(params: Record<string, unknown>): number {
  let h = 2166136261;
  for (const ch of JSON.stringify(params)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) % 134217728;
}

/** postgres_changes: validates bindings at join, then turns captured changes into events for each subscriber it may see. */
export class ChangeFeed {
  private tables = new Map<string, PublishedTable>();
  private unlisten: (() => Promise<void>) | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly hub: Hub,
  ) {}

  async start(): Promise<void> {
    this.tables = await syncCapture(this.db);
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => {
      // In commit order, one at a time: each change may need queries as each subscriber.
      this.queue = this.queue.then(() => this.dispatch(payload)).catch((error: unknown) => console.error('[realtime]', error));
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    await this.queue;
  }

  /** Binds a join's postgres_changes config; errors are the hosted server's texts. */
  async bind(config: unknown[]): Promise<{ bindings: ChangeBinding[]; reply: Record<string, unknown>[]; error: string | null }> {
    if (config.length > 0) this.tables = await syncCapture(this.db);
    const bindings: ChangeBinding[] = [];
    const reply: Record<string, unknown>[] = [];
    let error: string | null = null;
    for (const entry of config) {
      const params = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const event = typeof params.event === 'string' ? params.event : '*';
      const schema = typeof params.schema === 'string' ? params.schema : 'public';
      const table = typeof params.table === 'string' ? params.table : '*';
      const filterText = typeof params.filter === 'string' && params.filter !== '' ? params.filter : null;
      const filter = filterText ? parseFilter(filterText) : null;
      const described = `schema: ${schema}, table: ${table}, filters: [${filterText ?? ''}]`;
      const id = bindingId(params);
      // The join reply carries every binding's id; a binding that fails is reported afterwards as a system message.
      reply.push({ ...params, id });
      const published = [...this.tables.values()].some(
        (t) => (schema === '*' || t.schema === schema) && (table === '*' || t.table === table),
      );
      if (filter && 'error' in filter) error ??= filter.error;
      else if (!published) {
        error ??= `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${described}]`;
      } else bindings.push({ id, event, schema, table, filter });
    }
    // Like the hosted server, one failing binding means no changes for the channel.
    return { bindings: error ? [] : bindings, reply, error };
  }

  private async dispatch(payload: string): Promise<void> {
    const change = JSON.parse(payload) as CapturedChange;
    const table = this.tables.get(tableKey(change.schema, change.table));
    if (!table) return;
    const record = change.record ?? (change.pk ? await this.readRow(table, change.pk) : null);
    if (change.type !== 'DELETE' && !record) return;
    const row = change.type === 'DELETE' ? (change.old_record ?? {}) : record!;
    for (const channel of this.hub.all()) {
      const ids = channel.changes
        .filter((b) => (b.event === '*' || b.event.toUpperCase() === change.type) && (b.schema === '*' || b.schema === change.schema))
        .filter((b) => (b.table === '*' || b.table === change.table) && (!b.filter || matches(b.filter, row)))
        .map((b) => b.id);
      if (ids.length === 0) continue;
      // DELETE is not checked against RLS, as on hosted Supabase (the row is gone).
      const seen = change.type === 'DELETE' || (await this.canSee(channel, table, record!));
      if (!seen) continue;
      const data: Record<string, unknown> = {
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commit_timestamp,
        type: change.type,
        columns: table.columns,
        errors: null,
      };
      if (change.type !== 'DELETE') data.record = record;
      if (change.type !== 'INSERT') data.old_record = change.old_record ?? {};
      push(channel, 'postgres_changes', { ids, data });
    }
  }

  private pkWhere(table: PublishedTable, from = 1): string {
    return table.primaryKey.map((c, i) => `${quoteIdent(c)}::text = $${i + from}`).join(' and ') || 'false';
  }

  private async readRow(table: PublishedTable, pk: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const { rows } = await this.db.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) as row from ${quoteIdent(table.schema)}.${quoteIdent(table.table)} t where ${this.pkWhere(table)}`,
      table.primaryKey.map((c) => pkText(pk[c])),
    );
    return rows[0]?.row ?? null;
  }

  /** Whether the subscriber may SELECT the row: read it by primary key as their role and claims. */
  private async canSee(channel: JoinedChannel, table: PublishedTable, record: Record<string, unknown>): Promise<boolean> {
    if (table.primaryKey.length === 0) return true;
    try {
      return await this.db.transaction(
        async (tx) => {
          await tx.query(SET_CLAIMS, [channel.role, JSON.stringify(channel.claims)]);
          const { rows } = await tx.query(
            `select 1 from ${quoteIdent(table.schema)}.${quoteIdent(table.table)} where ${this.pkWhere(table)}`,
            table.primaryKey.map((c) => pkText(record[c])),
          );
          return rows.length > 0;
        },
        { readOnly: true },
      );
    } catch {
      // No privilege on the table (or an unknown role): not visible.
      return false;
    }
  }
}

const pkText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
