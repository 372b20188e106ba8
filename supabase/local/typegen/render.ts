import { functionTypes } from './functions.ts';
import { HELPER_TYPES } from './helpers.ts';
import type { PgRelation, PgRelationship, SchemaMetadata } from './introspect.ts';
import { object, printKey, printProp, prop, raw, tuple, union, type Prop, type TypeNode } from './layout.ts';
import { nullable, tsType } from './types.ts';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const str = (s: string) => raw(JSON.stringify(s));
/** An empty section, written the way the CLI writes it. */
const section = (props: Prop[]) => object(props.length > 0 ? props : [prop('[_ in never]', raw('never'))]);

export interface RenderOptions {
  /** Emits `__InternalSupabase.PostgrestVersion`, which supabase-js reads to pick its query typing. */
  postgrestVersion?: string;
}

/** The whole `database.types.ts` text for one schema, laid out as `supabase gen types typescript` does. */
export function renderTypes(meta: SchemaMetadata, options: RenderOptions = {}): string {
  const { entries: functions, computedFields } = functionTypes(meta);
  const columnsOf = (r: PgRelation) => meta.columns.filter((c) => c.tableId === r.id).sort(byName);
  const rowType = (r: PgRelation) =>
    object([...columnsOf(r).map((c) => prop(c.name, nullable(tsType(meta, c.format), c.nullable))), ...computedFields(r.name)]);
  const relationships = relationshipsByRelation(meta.relationships);

  const table = (r: PgRelation): Prop => {
    const cols = columnsOf(r);
    const write = (optional: (c: (typeof cols)[number]) => boolean) =>
      object(
        cols.map((c) =>
          c.identity === 'ALWAYS'
            ? prop(c.name, raw('never'), true)
            : prop(c.name, nullable(tsType(meta, c.format), c.nullable), optional(c)),
        ),
      );
    return prop(
      r.name,
      object([
        prop('Row', rowType(r)),
        prop(
          'Insert',
          write((c) => c.nullable || c.identity !== null || c.hasDefault),
        ),
        prop(
          'Update',
          write(() => true),
        ),
        prop('Relationships', relationships(r.name)),
      ]),
    );
  };
  const view = (r: PgRelation): Prop => {
    const write = () =>
      object(
        columnsOf(r).map((c) =>
          c.updatable ? prop(c.name, nullable(tsType(meta, c.format), true), true) : prop(c.name, raw('never'), true),
        ),
      );
    const writes = r.updatable ? [prop('Insert', write()), prop('Update', write())] : [];
    return prop(r.name, object([prop('Row', rowType(r)), ...writes, prop('Relationships', relationships(r.name))]));
  };

  const schemaTypes = meta.types.filter((t) => t.schema === meta.schema).sort(byName);
  const enums = schemaTypes.filter((t) => t.enums.length > 0);
  const composites = schemaTypes.filter((t) => t.attributes.length > 0);
  const typesById = new Map(meta.types.map((t) => [t.id, t]));
  const schema = object([
    prop(
      'Tables',
      section(
        meta.relations
          .filter((r) => r.kind === 'table')
          .sort(byName)
          .map(table),
      ),
    ),
    prop(
      'Views',
      section(
        meta.relations
          .filter((r) => r.kind === 'view')
          .sort(byName)
          .map(view),
      ),
    ),
    prop('Functions', section(functions)),
    prop('Enums', section(enums.map((e) => prop(e.name, union(e.enums.map(str)))))),
    prop(
      'CompositeTypes',
      section(
        composites.map((c) =>
          prop(
            c.name,
            object(
              c.attributes.map((a) =>
                prop(a.name, nullable(typesById.has(a.typeId) ? tsType(meta, typesById.get(a.typeId)!.name) : raw('unknown'), true)),
              ),
            ),
          ),
        ),
      ),
    ),
  ]);
  const internal = options.postgrestVersion
    ? [
        '  // Allows to automatically instantiate createClient with right options',
        "  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)",
        ...printProp(prop('__InternalSupabase', object([prop('PostgrestVersion', str(options.postgrestVersion))])), 2),
      ]
    : [];
  return [
    'export type Json =',
    '  | string',
    '  | number',
    '  | boolean',
    '  | null',
    '  | { [key: string]: Json | undefined }',
    '  | Json[]',
    '',
    'export type Database = {',
    ...internal,
    ...printProp(prop(meta.schema, schema), 2),
    '}',
    '',
    HELPER_TYPES.replaceAll('"public"', JSON.stringify(meta.schema)),
    '',
    ...constants(
      meta.schema,
      enums.map((e) => [e.name, e.enums] as const),
    ),
    '',
  ].join('\n');
}

/** Foreign keys per relation, ordered by constraint, referenced relation and columns. */
function relationshipsByRelation(all: PgRelationship[]): (relation: string) => TypeNode {
  const sorted = [...all].sort(
    (a, b) =>
      a.name.localeCompare(b.name) ||
      a.referencedRelation.localeCompare(b.referencedRelation) ||
      JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
  );
  return (relation) =>
    tuple(
      sorted
        .filter((r) => r.relation === relation)
        .map((r) =>
          object([
            prop('foreignKeyName', str(r.name)),
            prop('columns', tuple(r.columns.map(str))),
            prop('isOneToOne', raw(String(r.oneToOne))),
            prop('referencedRelation', str(r.referencedRelation)),
            prop('referencedColumns', tuple(r.referencedColumns.map(str))),
          ]),
        ),
    );
}

/** `export const Constants`: each enum's labels as a value (an object literal, hence the commas). */
function constants(schema: string, enums: (readonly [string, string[]])[]): string[] {
  const lines = enums.flatMap(([name, labels]) => {
    const head = `      ${printKey(name)}: `;
    const inline = `[${labels.map((l) => JSON.stringify(l)).join(', ')}],`;
    if (head.length + inline.length <= 80) return [head + inline];
    return [`${head}[`, ...labels.map((l) => `        ${JSON.stringify(l)},`), '      ],'];
  });
  return [
    'export const Constants = {',
    `  ${printKey(schema)}: {`,
    ...(lines.length > 0 ? ['    Enums: {', ...lines, '    },'] : ['    Enums: {},']),
    '  },',
    '} as const',
  ];
}
