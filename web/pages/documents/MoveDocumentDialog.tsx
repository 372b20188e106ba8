import type { FolderRow } from '@/shared/core/documents/generator.ts';
import type { DocumentFolder } from '@/shared/core/documents/documents.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { MoveToDialog } from '@/web/components/MoveToDialog.tsx';

/** "Move to…": every folder of the tree, or no folder. Mounted per document. */
export function MoveDocumentDialog(props: {
  doc: DocumentSummary;
  rows: FolderRow<DocumentFolder>[];
  onMove: (folderId: string | null) => Promise<boolean>;
  /** While `onMove`'s move mutation runs. */
  busy: boolean;
  onClose: () => void;
}) {
  const move = async (folderId: string | null) => {
    if (await props.onMove(folderId)) props.onClose();
  };
  const targets = [
    { id: null, label: 'No folder', depth: 0 },
    ...props.rows.map(({ folder, depth }) => ({ id: folder.id, label: folder.name, depth: depth + 1 })),
  ];
  return (
    <MoveToDialog
      open
      title={`Move “${props.doc.name}” to…`}
      targets={targets}
      current={props.doc.folderId ?? null}
      busy={props.busy}
      onMove={(folderId) => void move(folderId)}
      onCancel={props.onClose}
    />
  );
}
