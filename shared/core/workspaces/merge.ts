import type { WorkspaceNode, WorkspaceStructure } from './tree.ts';

/**
 * Three-way merge of workspace structures: two tabs editing at once never silently lose a change.
 * `base` is the version this tab started from, `mine` this tab's edit of it, `theirs` the
 * version another tab saved meanwhile. Nodes are matched by id; for each node its name, document and
 * location (parent) merge field by field, so a rename here and a move there both survive, and each
 * side's additions and deletions are kept. A real conflict — both sides changed the same field
 * differently, one side deleted what the other changed, or one side deleted a folder the other put
 * something into — is reported, resolved by `choose` (default: this tab), so the page can ask and
 * merge again with the user's choices. Moves that would nest two folders in each other keep the
 * other tab's move (reported, not choosable).
 */

export type ConflictChoice = 'mine' | 'theirs';

type ConflictKind =
  /** Both renamed the node differently. */
  | 'name'
  /** Both pointed the file at different documents. */
  | 'document'
  /** Both moved the node to different folders. */
  | 'location'
  /** One side deleted the node (`deletedBy`), the other changed it or put something inside it. */
  | 'deleted'
  /** The two sides' moves would nest folders in each other: the other tab's move was kept. */
  | 'cycle';

export interface MergeConflict {
  /** Stable within one merge input: "<kind>:<nodeId>". */
  key: string;
  kind: ConflictKind;
  nodeId: string;
  /** The node's name as this tab has it (else the other tab's). */
  name: string;
  mine: string | null;
  theirs: string | null;
  deletedBy?: ConflictChoice;
  /** How it was resolved. */
  choice: ConflictChoice;
}

export interface MergeResult {
  structure: WorkspaceStructure;
  conflicts: MergeConflict[];
}

interface Flat {
  id: string;
  type: WorkspaceNode['type'];
  name: string;
  docId: string | null;
  parentId: string | null;
}

function flatten(structure: WorkspaceStructure): { nodes: Map<string, Flat>; order: Map<string | null, string[]> } {
  const nodes = new Map<string, Flat>();
  const order = new Map<string | null, string[]>();
  const visit = (list: WorkspaceNode[], parentId: string | null) => {
    order.set(
      parentId,
      list.map((n) => n.id),
    );
    for (const n of list) {
      nodes.set(n.id, { id: n.id, type: n.type, name: n.name, docId: n.type === 'file' ? n.docId : null, parentId });
      if (n.type === 'folder') visit(n.children, n.id);
    }
  };
  visit(structure, null);
  return { nodes, order };
}

const changed = (a: Flat, b: Flat) => a.name !== b.name || a.docId !== b.docId || a.parentId !== b.parentId;

export function mergeStructures(
  base: WorkspaceStructure,
  mine: WorkspaceStructure,
  theirs: WorkspaceStructure,
  choose: (conflict: Omit<MergeConflict, 'choice'>) => ConflictChoice = () => 'mine',
): MergeResult {
  const B = flatten(base);
  const M = flatten(mine);
  const T = flatten(theirs);
  const conflicts: MergeConflict[] = [];
  const decide = (c: Omit<MergeConflict, 'choice'>): ConflictChoice => {
    const choice = choose(c);
    conflicts.push({ ...c, choice });
    return choice;
  };
  const nameOf = (id: string) => (M.nodes.get(id) ?? T.nodes.get(id) ?? B.nodes.get(id))!.name;
  const folderName = (id: string | null) => (id === null ? null : ((M.nodes.get(id) ?? T.nodes.get(id) ?? B.nodes.get(id))?.name ?? null));

  // Where the merged parent of a node came from (to undo "mine" moves that form a cycle).
  const parentFrom = new Map<string, ConflictChoice>();
  const survivors = new Map<string, Flat>();
  const deletedBy = new Map<string, ConflictChoice>();
  const ids = [...new Set([...T.nodes.keys(), ...M.nodes.keys(), ...B.nodes.keys()])];

  for (const id of ids) {
    const b = B.nodes.get(id);
    const m = M.nodes.get(id);
    const t = T.nodes.get(id);
    if (!b) {
      // Added (by one side, or the same node by both — e.g. a save repeated after a lost answer).
      survivors.set(id, { ...(m ?? t)! });
      parentFrom.set(id, m ? 'mine' : 'theirs');
      continue;
    }
    if (!m || !t) {
      if (!m && !t) continue;
      const kept = (m ?? t)!;
      const deleter: ConflictChoice = m ? 'theirs' : 'mine';
      if (!changed(kept, b)) {
        deletedBy.set(id, deleter);
        continue;
      }
      const choice = decide({
        key: `deleted:${id}`,
        kind: 'deleted',
        nodeId: id,
        name: kept.name,
        mine: m ? m.name : null,
        theirs: t ? t.name : null,
        deletedBy: deleter,
      });
      if (choice === deleter) deletedBy.set(id, deleter);
      else {
        survivors.set(id, { ...kept });
        parentFrom.set(id, m ? 'mine' : 'theirs');
      }
      continue;
    }
    const field = <K extends 'name' | 'docId' | 'parentId'>(
      key: K,
      kind: ConflictKind,
      show: (v: Flat[K]) => string | null,
    ): [Flat[K], ConflictChoice] => {
      if (m[key] === t[key] || m[key] === b[key]) return [t[key], 'theirs'];
      if (t[key] === b[key]) return [m[key], 'mine'];
      const choice = decide({ key: `${kind}:${id}`, kind, nodeId: id, name: m.name, mine: show(m[key]), theirs: show(t[key]) });
      return [choice === 'mine' ? m[key] : t[key], choice];
    };
    const [name] = field('name', 'name', (v) => v);
    const [docId] = field('docId', 'document', (v) => v);
    const [parentId, from] = field('parentId', 'location', folderName);
    survivors.set(id, { id, type: m.type, name, docId, parentId });
    parentFrom.set(id, from);
  }

  resurrectParents(survivors, deletedBy, { B, M, T }, decide);
  // Not a choice: the other tab's move is the one that keeps the tree a tree.
  breakCycles(survivors, parentFrom, T.nodes, (id) =>
    conflicts.push({ key: `cycle:${id}`, kind: 'cycle', nodeId: id, name: nameOf(id), mine: null, theirs: null, choice: 'theirs' }),
  );

  return { structure: build(null, survivors, { M, T, B }), conflicts };
}

type Versions = Record<'B' | 'M' | 'T', ReturnType<typeof flatten>>;

/**
 * A surviving node inside a folder one side deleted: the folder comes back (and the conflict is
 * reported); if the user sides with the deletion, the folder goes with everything now inside it.
 */
function resurrectParents(
  survivors: Map<string, Flat>,
  deletedBy: Map<string, ConflictChoice>,
  { B, M, T }: Versions,
  decide: (c: Omit<MergeConflict, 'choice'>) => ConflictChoice,
): void {
  const asked = new Set<string>();
  for (let again = true; again;) {
    again = false;
    for (const node of [...survivors.values()]) {
      const parentId = node.parentId;
      if (parentId === null || survivors.has(parentId) || asked.has(parentId)) continue;
      const parent = M.nodes.get(parentId) ?? T.nodes.get(parentId) ?? B.nodes.get(parentId);
      asked.add(parentId);
      again = true;
      if (!parent) {
        node.parentId = null;
        continue;
      }
      const deleter = deletedBy.get(parentId) ?? (M.nodes.has(parentId) ? 'theirs' : 'mine');
      const choice = decide({
        key: `deleted:${parentId}`,
        kind: 'deleted',
        nodeId: parentId,
        name: parent.name,
        mine: M.nodes.get(parentId)?.name ?? null,
        theirs: T.nodes.get(parentId)?.name ?? null,
        deletedBy: deleter,
      });
      if (choice === deleter) {
        for (const id of [...survivors.keys()]) if (isBelow(id, parentId, survivors)) survivors.delete(id);
      } else survivors.set(parentId, { ...parent });
    }
  }
}

/** Is the node (by the survivors' parents) inside the folder `ancestorId`? Stops on loops. */
function isBelow(id: string, ancestorId: string, survivors: Map<string, Flat>): boolean {
  const seen = new Set<string>();
  for (
    let current = survivors.get(id)?.parentId ?? null;
    current !== null && !seen.has(current);
    current = survivors.get(current)?.parentId ?? null
  ) {
    if (current === ancestorId) return true;
    seen.add(current);
  }
  return false;
}

/** Nodes whose merged parents loop: their parent is reset to the other tab's (which has no loops). */
function breakCycles(
  survivors: Map<string, Flat>,
  parentFrom: Map<string, ConflictChoice>,
  theirs: Map<string, Flat>,
  report: (id: string) => unknown,
): void {
  for (const start of survivors.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    for (let current: string | null = start; current !== null && survivors.has(current); current = survivors.get(current)!.parentId) {
      if (onPath.has(current)) {
        const loop = path.slice(path.indexOf(current));
        const culprit = loop.find((id) => parentFrom.get(id) === 'mine' && theirs.has(id)) ?? loop[0]!;
        const node = survivors.get(culprit)!;
        const fallback = theirs.get(culprit)?.parentId ?? null;
        node.parentId = fallback !== null && survivors.has(fallback) ? fallback : null;
        parentFrom.set(culprit, 'theirs');
        report(culprit);
        break;
      }
      path.push(current);
      onPath.add(current);
    }
  }
}

/** The relative order of the ids both lists hold differs? */
function reordered(before: string[] | undefined, after: string[] | undefined): boolean {
  if (!before || !after) return false;
  const common = new Set(before.filter((id) => after.includes(id)));
  const a = before.filter((id) => common.has(id));
  const b = after.filter((id) => common.has(id));
  return a.some((id, i) => id !== b[i]);
}

/**
 * A folder's merged children, ordered: the order of the side that reordered them (the other tab's
 * otherwise); the rest placed after their nearest preceding sibling in the version they came from.
 */
function orderChildren(parentId: string | null, children: Set<string>, { M, T, B }: Versions): string[] {
  const mineMoved = reordered(B.order.get(parentId), M.order.get(parentId)) && !reordered(B.order.get(parentId), T.order.get(parentId));
  const primary = (mineMoved ? M : T).order.get(parentId) ?? [];
  const result = primary.filter((id) => children.has(id));
  const sources = [M.order.get(parentId), T.order.get(parentId), B.order.get(parentId)].filter((s): s is string[] => Boolean(s));
  for (const source of sources) {
    for (const [index, id] of source.entries()) {
      if (!children.has(id) || result.includes(id)) continue;
      const before = source
        .slice(0, index)
        .reverse()
        .find((s) => result.includes(s));
      result.splice(before === undefined ? 0 : result.indexOf(before) + 1, 0, id);
    }
  }
  for (const id of children) if (!result.includes(id)) result.push(id);
  return result;
}

function build(parentId: string | null, survivors: Map<string, Flat>, versions: Versions): WorkspaceNode[] {
  const children = new Set([...survivors.values()].filter((n) => n.parentId === parentId).map((n) => n.id));
  return orderChildren(parentId, children, versions).map((id) => {
    const n = survivors.get(id)!;
    return n.type === 'folder'
      ? { id, type: 'folder', name: n.name, children: build(id, survivors, versions) }
      : { id, type: 'file', name: n.name, docId: n.docId };
  });
}
