import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/supabase/local/db/types.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';
import { createCast, runAs, type Cast } from './rls/actors.ts';
import { attemptInSql } from './rls/attempt.ts';
import { OPERATIONS, RLS_MATRIX, type Operation } from './rls/matrix.ts';

/**
 * Roles that mean what they say, on every table of the RLS matrix: the same cases run with the
 * rows' owner holding each role. An editor does to their own rows what a user does; a view_only
 * account reads and runs (run history, keys and settings stay theirs), and every write of content
 * is refused by the database with the sentence the page shows.
 */
type Refusal = { sentence: string | null; writes: readonly Operation[] };
const ALL_WRITES: readonly Operation[] = ['insert', 'update', 'delete'];
const refused = (sentence: string): Refusal => ({ sentence, writes: ALL_WRITES });

const READ_ONLY_FOR_VIEW_ONLY: Record<string, Refusal> = {
  saved_prompts: refused('View-only accounts cannot save, change or delete prompts.'),
  prompt_folders: refused('View-only accounts cannot create, change or delete folders.'),
  offers: refused('View-only accounts cannot save, change or delete offers.'),
  kb_folders: refused('View-only accounts cannot change the knowledge base.'),
  kb_documents: refused('View-only accounts cannot change the knowledge base.'),
  generated_documents: refused('View-only accounts cannot save, change or delete documents.'),
  document_folders: refused('View-only accounts cannot create, change or delete folders.'),
  workspaces: refused('View-only accounts cannot create, change or delete workspaces.'),
  startup_ideas: refused('View-only accounts cannot save, change or delete ideas.'),
  pitch_decks: refused('View-only accounts cannot save, change or delete pitch decks.'),
  conversations: refused('View-only accounts cannot save, change or delete conversations.'),
  conversation_messages: refused('View-only accounts cannot save, change or delete conversations.'),
  workflows: refused('View-only accounts cannot save, change or delete workflows.'),
  // Withdrawing a share given earlier stays possible.
  shares: { sentence: 'View-only accounts cannot share workspaces or documents.', writes: ['insert'] },
  // Suggestions come from a generation, which a view_only account cannot start: nothing to store.
  prompt_suggestions: { sentence: null, writes: ['insert', 'delete'] },
};

for (const role of ['view_only', 'editor'] as const) {
  describe(`the rows' owner is ${role} (${testDbKind})`, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let cast: Cast;
    const keys = new Map<string, string>();
    beforeAll(async () => {
      ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
      cast = await createCast(db);
      await db.query('update public.profiles set role = $2 where id = $1', [cast.owner.id, role]);
      for (const testCase of RLS_MATRIX) keys.set(testCase.table, await testCase.setup(db, cast));
    });
    afterAll(async () => drop?.());

    for (const testCase of RLS_MATRIX) {
      const refusal = role === 'view_only' ? READ_ONLY_FOR_VIEW_ONLY[testCase.table] : undefined;
      it(`${testCase.table}: ${refusal ? `${refusal.writes.join(', ')} refused` : 'as a user'}`, async () => {
        for (const operation of OPERATIONS) {
          const result = await runAs(
            db,
            'owner',
            cast,
            (tx) => attemptInSql(tx, testCase, operation, keys.get(testCase.table)!, cast, cast.owner.id),
            operation === 'insert' && testCase.beforeInsert ? (tx) => testCase.beforeInsert!(tx, cast) : undefined,
          );
          const asUser = testCase.expect.owner[operation];
          if (!refusal?.writes.includes(operation)) expect(result.done, operation).toBe(asUser);
          else if (refusal.sentence) expect(result, operation).toEqual({ done: false, refusal: refusal.sentence });
          else expect(result.done, operation).toBe(false);
        }
      });
    }
  });
}
