import type { PgFunction, SchemaMetadata } from './introspect.ts';
import { arrayOf, object, prop, raw, union, type TypeNode } from './layout.ts';
import { nullable, tsType } from './types.ts';

/** json, jsonb, text: the types PostgREST accepts as a single unnamed argument (the request body). */
const UNNAMED_ARG_TYPES = new Set([114, 3802, 25]);
const IN_MODES = new Set(['in', 'inout', 'variadic']);

/**
 * The `Functions` entries (and computed fields) of the generated types. Overload conflicts that
 * PostgREST cannot resolve are not diagnosed: the project has no overloaded functions.
 */
export function functionTypes(meta: SchemaMetadata) {
  const typesById = new Map(meta.types.map((t) => [t.id, t]));
  const rowTypes = new Map(meta.types.filter((t) => t.relationId !== null).map((t) => [t.id, t]));
  const relationNames = new Map(meta.relations.map((r) => [r.id, r.name]));
  const typeOf = (id: number): TypeNode => {
    const t = typesById.get(id);
    return t ? tsType(meta, t.name) : raw('unknown');
  };
  const columnsOf = (relationId: number) =>
    meta.columns.filter((c) => c.tableId === relationId).sort((a, b) => a.name.localeCompare(b.name));
  /** The relation whose rows the function returns (a composite type counts by its name). */
  const returnedRelation = (fn: PgFunction): string | null =>
    fn.returnRelationId === null ? null : (relationNames.get(fn.returnRelationId) ?? rowTypes.get(fn.returnTypeId)?.name ?? null);

  const inArgs = (fn: PgFunction) => fn.args.filter((a) => IN_MODES.has(a.mode));
  // PostgREST calls a function with named arguments, or a single unnamed json/text (or row) one.
  const callable = (fn: PgFunction) => {
    const args = inArgs(fn);
    return (
      !args.some((a) => a.name === '') ||
      args.every((a) => a.name !== '' || (a.hasDefault && UNNAMED_ARG_TYPES.has(a.typeId))) ||
      (args.length === 1 && (UNNAMED_ARG_TYPES.has(args[0]!.typeId) || rowTypes.has(args[0]!.typeId)))
    );
  };
  const functions = meta.functions
    .map((fn) => ({ ...fn, args: [...fn.args].sort((a, b) => a.name.localeCompare(b.name)) }))
    .filter(callable)
    .sort((a, b) => a.name.localeCompare(b.name));

  const returnType = (fn: PgFunction): TypeNode => {
    const tableArgs = fn.args.filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) return object(tableArgs.map((a) => prop(a.name, typeOf(a.typeId))));
    const relation = meta.relations.find((r) => r.id === fn.returnRelationId);
    if (relation) return object(columnsOf(relation.id).map((c) => prop(c.name, nullable(tsType(meta, c.format), c.nullable))));
    return typeOf(fn.returnTypeId);
  };

  const signature = (fn: PgFunction): TypeNode => {
    const target = returnedRelation(fn);
    const manyRows = fn.rows !== null && fn.rows > 1;
    const options = (from: string, oneToOne: boolean, setof: boolean) =>
      object([
        prop('from', raw(JSON.stringify(from))),
        prop('to', raw(JSON.stringify(target))),
        prop('isOneToOne', raw(String(oneToOne))),
        prop('isSetofReturn', raw(String(setof))),
      ]);
    let setofOptions = target ? options('*', !manyRows, fn.returnsSet) : null;
    const source = fn.args.length === 1 ? rowTypes.get(fn.args[0]!.typeId) : undefined;
    if (source && target) {
      const setOfTable = fn.returnsSet && fn.returnRelationId !== null;
      setofOptions = setOfTable ? options(source.format, !manyRows, true) : options(source.format, true, false);
    }
    // A one-row set of a relation is typed as one row (postgrest-js restores the array from SetofOptions).
    const oneRow = !manyRows && target !== null;
    const args = inArgs(fn);
    return object(
      [
        prop(
          'Args',
          args.length === 0
            ? raw('never')
            : object(
                args.map((a) => prop(a.name, typeOf(a.typeId), a.hasDefault)),
                false,
              ),
        ),
        prop('Returns', fn.returnsSet && !oneRow ? arrayOf(returnType(fn)) : returnType(fn)),
        ...(setofOptions ? [prop('SetofOptions', setofOptions)] : []),
      ],
      false,
    );
  };

  const byName = new Map<string, PgFunction[]>();
  for (const fn of functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const entries = [...byName].map(([name, overloads]) => {
    overloads.sort((a, b) => a.argumentTypes.localeCompare(b.argumentTypes) || a.returnType.localeCompare(b.returnType));
    return prop(name, union(overloads.map(signature)));
  });

  /** Functions taking one unnamed row of `relation`: PostgREST's computed fields, part of its Row. */
  const computedFields = (relation: string) =>
    functions.filter((fn) => fn.argumentTypes === relation).map((fn) => prop(fn.name, nullable(returnType(fn), true)));

  return { entries, computedFields };
}
