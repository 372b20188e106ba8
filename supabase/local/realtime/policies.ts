import type { Database } from '../db/types.ts';
import type { JwtClaims } from '../jwt.ts';

export interface TopicPolicies {
  broadcast: { read: boolean; write: boolean };
  presence: { read: boolean; write: boolean };
}

class Undo {
  constructor(readonly policies: TopicPolicies) {}
}

/**
 * What a private channel's subscriber may do, as the hosted server decides it: in a transaction
 * that is rolled back, a message per extension is put into realtime.messages, then read (SELECT
 * policies) and written again (INSERT policies) as the subscriber's role and claims, with
 * realtime.topic() naming the topic.
 */
export async function topicPolicies(db: Database, topic: string, role: string, claims: JwtClaims): Promise<TopicPolicies> {
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; extension: string }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true) returning id::text, extension`,
        [topic],
      );
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)",
        [role, JSON.stringify(claims), topic],
      );
      const policies: TopicPolicies = { broadcast: { read: false, write: false }, presence: { read: false, write: false } };
      for (const row of rows) {
        const extension = row.extension as keyof TopicPolicies;
        const seen = await tx
          .query('select 1 from realtime.messages where id = $1::uuid and topic = $2', [row.id, topic])
          .catch(() => ({ rows: [] }));
        policies[extension].read = seen.rows.length > 0;
        await tx.query('savepoint write_check');
        try {
          await tx.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [topic, extension]);
          policies[extension].write = true;
        } catch {
          await tx.query('rollback to savepoint write_check');
        }
      }
      throw new Undo(policies);
    });
  } catch (error) {
    if (error instanceof Undo) return error.policies;
    throw error;
  }
  throw new Error('unreachable');
}
