/**
 * A small printer for TypeScript type literals that lays them out the way Prettier does with the
 * Supabase CLI's settings (80 columns, 2 spaces, no semicolons, trailing commas), so the generated
 * file matches `supabase gen types typescript` without Prettier as a dependency. It covers only
 * the shapes the generator produces.
 */
export type TypeNode =
  | { kind: 'raw'; text: string }
  | { kind: 'union'; members: TypeNode[] }
  /** `expanded`: always one member per line (Prettier keeps an object the template wrote over several lines). */
  | { kind: 'object'; props: Prop[]; expanded: boolean }
  | { kind: 'array'; of: TypeNode }
  | { kind: 'tuple'; items: TypeNode[] };

export interface Prop {
  key: string;
  optional?: boolean;
  type: TypeNode;
}

const WIDTH = 80;

export const raw = (text: string): TypeNode => ({ kind: 'raw', text });
export const union = (members: TypeNode[]): TypeNode => (members.length === 1 ? members[0]! : { kind: 'union', members });
export const object = (props: Prop[], expanded = true): TypeNode => ({ kind: 'object', props, expanded });
export const arrayOf = (of: TypeNode): TypeNode => ({ kind: 'array', of });
export const tuple = (items: TypeNode[]): TypeNode => ({ kind: 'tuple', items });
export const prop = (key: string, type: TypeNode, optional = false): Prop => ({ key, type, optional });

/** Keys are quoted only when they are not identifiers (Prettier's "as-needed"). */
/** `[_ in never]` (an empty section) is written as is. */
export const printKey = (key: string): string =>
  key.startsWith('[') ? key : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);

/** One-line form, or null when the node must span lines. */
function flat(node: TypeNode): string | null {
  switch (node.kind) {
    case 'raw':
      return node.text;
    case 'union': {
      const parts = node.members.map(flat);
      return parts.includes(null) ? null : parts.join(' | ');
    }
    case 'object': {
      if (node.props.length === 0) return '{}';
      if (node.expanded) return null;
      const parts = node.props.map((p) => {
        const t = flat(p.type);
        return t === null ? null : `${printKey(p.key)}${p.optional ? '?' : ''}: ${t}`;
      });
      return parts.includes(null) ? null : `{ ${parts.join('; ')} }`;
    }
    case 'array': {
      const inner = flat(node.of);
      if (inner === null) return null;
      return node.of.kind === 'union' ? `(${inner})[]` : `${inner}[]`;
    }
    case 'tuple': {
      const parts = node.items.map(flat);
      return parts.includes(null) ? null : `[${parts.join(', ')}]`;
    }
  }
}

const pad = (n: number) => ' '.repeat(n);

/** Lines of `head` followed by `node` broken over lines at `indent`; `tail` ends the last line. */
function broken(head: string, node: TypeNode, indent: number, tail = ''): string[] {
  if (node.kind === 'object') {
    if (node.props.length === 0) return [`${head}{}${tail}`];
    return [`${head}{`, ...node.props.flatMap((p) => printProp(p, indent + 2)), `${pad(indent)}}${tail}`];
  }
  if (node.kind === 'array') return broken(head, node.of, indent, `[]${tail}`);
  if (node.kind === 'tuple') {
    if (node.items.length === 0) return [`${head}[]${tail}`];
    const items = node.items.flatMap((item) => {
      const f = flat(item);
      if (f !== null && indent + 2 + f.length + 1 <= WIDTH) return [`${pad(indent + 2)}${f},`];
      return broken(pad(indent + 2), item, indent + 2, ',');
    });
    return [`${head}[`, ...items, `${pad(indent)}]${tail}`];
  }
  return [`${head}${flat(node) ?? ''}${tail}`];
}

/** A property line (or lines) at `indent`. */
export function printProp(p: Prop, indent: number): string[] {
  const head = `${pad(indent)}${printKey(p.key)}${p.optional ? '?' : ''}: `;
  const node = p.type;
  const f = flat(node);
  if (f !== null && head.length + f.length <= WIDTH) return [head + f];
  if (node.kind !== 'union') return broken(head, node, indent);
  // `{ … } | null` keeps the object on the key's line.
  const [first, second] = node.members;
  if (node.members.length === 2 && first!.kind === 'object' && second!.kind === 'raw' && ['null', 'undefined'].includes(second!.text)) {
    return broken(head, first!, indent, ` | ${second!.text}`);
  }
  return [
    head.trimEnd(),
    ...node.members.flatMap((m) => {
      const lead = `${pad(indent + 2)}| `;
      const mf = flat(m);
      if (mf !== null && lead.length + mf.length <= WIDTH) return [lead + mf];
      return broken(lead, m, indent + 4);
    }),
  ];
}
