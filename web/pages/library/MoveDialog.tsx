import { useMemo } from 'react';
import { LIBRARY_TEXTS, moveTargets, type LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { folderTreeRows } from '@/shared/core/promptLibrary/view.ts';
import { MoveToDialog, type MoveTarget } from '@/web/components/MoveToDialog.tsx';

export interface MoveSubject {
  kind: 'folder' | 'prompt';
  id: string;
  name: string;
  /** Where it is now (null: the root). */
  folderId: string | null;
}

/** "Move to…" for the library: the root and every folder except, for a folder, itself and its subfolders. */
export function MoveDialog(props: {
  subject: MoveSubject | null;
  folders: LibraryFolder[] | null;
  onMove: (target: string | null) => void;
  onCancel: () => void;
}) {
  const { subject, folders } = props;
  const targets = useMemo<MoveTarget[] | null>(() => {
    if (!subject || !folders) return null;
    const rows = folderTreeRows(moveTargets(subject.kind === 'folder' ? [subject.id] : [], folders));
    return [
      { id: null, label: LIBRARY_TEXTS.rootName, depth: 0 },
      ...rows.map((row) => ({ id: row.id, label: row.name, depth: row.depth + 1 })),
    ];
  }, [subject, folders]);
  return (
    <MoveToDialog
      open={subject !== null}
      title={`Move “${subject?.name ?? ''}” to…`}
      targets={targets}
      current={subject?.folderId ?? null}
      onMove={props.onMove}
      onCancel={props.onCancel}
    />
  );
}
