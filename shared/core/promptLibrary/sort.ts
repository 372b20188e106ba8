/**
 * The prompt library's sorts: name or created_at, each ascending or descending (values shared
 * with the documents' sorts), in the database and in memory. Pure.
 */

export const SORT_OPTIONS = [
  { value: 'name_asc', label: 'Name A-Z', column: 'name', ascending: true },
  { value: 'name_desc', label: 'Name Z-A', column: 'name', ascending: false },
  { value: 'date_desc', label: 'Newest', column: 'created_at', ascending: false },
  { value: 'date_asc', label: 'Oldest', column: 'created_at', ascending: true },
] as const;
export type LibrarySort = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: LibrarySort = 'name_asc';

/**
 * The database ordering of a sort. Names order by `sort_name` (the name lower-cased, a generated
 * column) so "apple" and "Banana" sort the same on every database collation; id, in the same
 * direction, breaks ties so pages never repeat or skip a row.
 */
export function sortOrder(sort: LibrarySort): { column: 'sort_name' | 'created_at'; ascending: boolean } {
  const option = SORT_OPTIONS.find((o) => o.value === sort) ?? SORT_OPTIONS[0];
  return { column: option.column === 'name' ? 'sort_name' : 'created_at', ascending: option.ascending };
}

export const isLibrarySort = (value: unknown): value is LibrarySort => SORT_OPTIONS.some((o) => o.value === value);

/** The same ordering in memory (for lists already loaded, e.g. after an optimistic change). */
export function compareBySort<T extends { name: string; createdAt: string; id: string }>(sort: LibrarySort): (a: T, b: T) => number {
  const { column, ascending } = sortOrder(sort);
  const sign = ascending ? 1 : -1;
  return (a, b) => {
    const primary =
      column === 'sort_name' ? compareText(a.name.toLowerCase(), b.name.toLowerCase()) : compareText(a.createdAt, b.createdAt);
    return sign * (primary || compareText(a.id, b.id));
  };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
