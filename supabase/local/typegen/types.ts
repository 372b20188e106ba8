import type { PgType, SchemaMetadata } from './introspect.ts';
import { arrayOf, raw, union, type TypeNode } from './layout.ts';

const NUMBERS = ['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'];
const STRINGS = [
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'interval',
];

/** Postgres type name → TypeScript, with the generated file's conventions (ranges and unknown types: `unknown`). */
export function tsType(meta: SchemaMetadata, pgType: string): TypeNode {
  if (pgType === 'bool') return raw('boolean');
  if (NUMBERS.includes(pgType)) return raw('number');
  if (STRINGS.includes(pgType)) return raw('string');
  if (pgType === 'json' || pgType === 'jsonb') return raw('Json');
  if (pgType === 'void') return raw('undefined');
  if (pgType === 'record') return raw('Record<string, unknown>');
  if (pgType.startsWith('_')) return arrayOf(tsType(meta, pgType.slice(1)));
  const s = JSON.stringify(meta.schema);
  const pick = (list: PgType[]) => list.find((t) => t.schema === meta.schema) ?? list[0];
  const enumType = pick(meta.types.filter((t) => t.name === pgType && t.enums.length > 0));
  if (enumType) {
    if (enumType.schema === meta.schema) return raw(`Database[${s}]["Enums"][${JSON.stringify(enumType.name)}]`);
    return union(enumType.enums.map((label) => raw(JSON.stringify(label))));
  }
  const composite = pick(meta.types.filter((t) => t.name === pgType && t.attributes.length > 0));
  if (composite)
    return raw(composite.schema === meta.schema ? `Database[${s}]["CompositeTypes"][${JSON.stringify(composite.name)}]` : 'unknown');
  const relation = meta.relations.find((r) => r.name === pgType);
  if (relation)
    return raw(`Database[${s}][${relation.kind === 'table' ? '"Tables"' : '"Views"'}][${JSON.stringify(relation.name)}]["Row"]`);
  return raw('unknown');
}

/** `T | null`, except for `unknown`, which already includes null. */
export function nullable(type: TypeNode, isNullable: boolean): TypeNode {
  if (!isNullable || (type.kind === 'raw' && (type.text === 'unknown' || type.text === 'any'))) return type;
  return union([...(type.kind === 'union' ? type.members : [type]), raw('null')]);
}
