import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_PATH, generateTypes } from '@/supabase/local/typegen/index.ts';
import { HELPER_TYPES } from '@/supabase/local/typegen/helpers.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';

/**
 * The committed `Database` types (shared/data/database.types.ts) match the migrated schema, and the
 * generator writes what `supabase gen types typescript` writes (checked on a small schema).
 */
describe(`generated database types (${testDbKind})`, () => {
  it('match the migrated schema', async () => {
    const { db, drop } = await freshDatabase(testDbKind, { migrated: true });
    try {
      const generated = await generateTypes(db);
      const committed = await readFile(new URL(`../../${DATABASE_TYPES_PATH}`, import.meta.url), 'utf8');
      const lines = [generated.split('\n'), committed.split('\n')];
      const line = lines[0]!.findIndex((text, i) => text !== lines[1]![i]) + 1 || lines[0]!.length + 1;
      const message = `${DATABASE_TYPES_PATH} is out of date with the migrations (first difference at line ${line}): run \`npm run db:types\``;
      expect(generated === committed, message).toBe(true);
    } finally {
      await drop();
    }
  });

  describe('format', () => {
    let text = '';
    let drop: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      const fresh = await freshDatabase(testDbKind);
      drop = fresh.drop;
      await fresh.db.exec(FIXTURE);
      text = await generateTypes(fresh.db);
    });
    afterAll(() => drop());

    it('writes tables, relationships, functions, enums and constants as the CLI does', () => {
      expect(text).toBe(`${EXPECTED_DATABASE}\n${HELPER_TYPES}\n\n${EXPECTED_CONSTANTS}`);
    });
  });
});

// Tables and enum as in postgres-meta's own typegen tests; the functions cover arguments, defaults and sets.
const FIXTURE = `
create table public.category (id serial not null primary key, name text not null);
create type public.meme_status as enum ('new', 'old', 'retired');
create table public.memes (
  id serial not null primary key, name text not null, category integer references public.category (id),
  metadata jsonb, created_at timestamp not null, status public.meme_status default 'old');
create function public.add_interval_to_duration(base_duration interval, additional_interval interval)
  returns interval language sql stable as $$ select base_duration + additional_interval $$;
create function public.memes_in(category_id integer, max_results integer default 10) returns setof public.memes
  language sql stable as $$ select * from public.memes where category = category_id limit max_results $$;
create function public.meme_count() returns bigint language sql stable as $$ select count(*) from public.memes $$;
create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
`;

const EXPECTED_DATABASE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      category: {
        Row: {
          id: number
          name: string
        }
        Insert: {
          id?: number
          name: string
        }
        Update: {
          id?: number
          name?: string
        }
        Relationships: []
      }
      memes: {
        Row: {
          category: number | null
          created_at: string
          id: number
          metadata: Json | null
          name: string
          status: Database["public"]["Enums"]["meme_status"] | null
        }
        Insert: {
          category?: number | null
          created_at: string
          id?: number
          metadata?: Json | null
          name: string
          status?: Database["public"]["Enums"]["meme_status"] | null
        }
        Update: {
          category?: number | null
          created_at?: string
          id?: number
          metadata?: Json | null
          name?: string
          status?: Database["public"]["Enums"]["meme_status"] | null
        }
        Relationships: [
          {
            foreignKeyName: "memes_category_fkey"
            columns: ["category"]
            isOneToOne: false
            referencedRelation: "category"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_interval_to_duration: {
        Args: { additional_interval: string; base_duration: string }
        Returns: string
      }
      meme_count: { Args: never; Returns: number }
      memes_in: {
        Args: { category_id: number; max_results?: number }
        Returns: {
          category: number | null
          created_at: string
          id: number
          metadata: Json | null
          name: string
          status: Database["public"]["Enums"]["meme_status"] | null
        }[]
        SetofOptions: {
          from: "*"
          to: "memes"
          isOneToOne: false
          isSetofReturn: true
        }
      }
    }
    Enums: {
      meme_status: "new" | "old" | "retired"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}
`;

const EXPECTED_CONSTANTS = `export const Constants = {
  public: {
    Enums: {
      meme_status: ["new", "old", "retired"],
    },
  },
} as const
`;
