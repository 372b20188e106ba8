import { useEffect, useState } from 'react';
import {
  addNode,
  attachDocument,
  deleteNode,
  newFile,
  newFolder,
  renameNode,
  type TreeResult,
  type WorkspaceNode,
  type WorkspaceStructure,
} from '@/shared/core/workspaces/tree.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { DocumentPicker } from './DocumentPicker.tsx';
import { NameDialog } from './NameDialog.tsx';

/** What the page asks for: a new or renamed folder, a new or edited file, or a delete. */
export type EditRequest =
  | { kind: 'folder'; node: WorkspaceNode | null; parentId: string | null }
  | { kind: 'file'; node: WorkspaceNode | null; parentId: string | null }
  | { kind: 'delete'; node: WorkspaceNode };

type Apply = (change: (structure: WorkspaceStructure) => TreeResult) => string | null;

/** The create / rename / attach / delete dialogs of a workspace; every change goes through `apply`. */
export function WorkspaceDialogs(props: {
  request: EditRequest | null;
  userId: string;
  apply: Apply;
  onClose: () => void;
  onCreated: (node: WorkspaceNode, parentId: string | null) => void;
  onDeleted: (node: WorkspaceNode) => void;
}) {
  const { request, apply, onClose } = props;
  const editing = request && request.kind !== 'delete' ? request.node : null;
  const [docId, setDocId] = useState<string | null>(null);
  const [suggested, setSuggested] = useState('');
  useEffect(() => {
    setDocId(editing?.type === 'file' ? editing.docId : null);
    setSuggested('');
  }, [request, editing]);

  const submitFolder = (name: string) => {
    if (request?.kind !== 'folder') return null;
    if (request.node) {
      const id = request.node.id;
      const problem = apply((s) => renameNode(s, id, name));
      if (!problem) onClose();
      return problem;
    }
    const folder = newFolder(name);
    const problem = apply((s) => addNode(s, request.parentId, folder));
    if (!problem) {
      onClose();
      props.onCreated(folder, request.parentId);
    }
    return problem;
  };

  const submitFile = (name: string) => {
    if (request?.kind !== 'file') return null;
    if (request.node) {
      const id = request.node.id;
      const problem = apply((s) => {
        const renamed = renameNode(s, id, name);
        return renamed.ok ? attachDocument(renamed.value, id, docId) : renamed;
      });
      if (!problem) onClose();
      return problem;
    }
    const file = newFile(name, docId);
    const problem = apply((s) => addNode(s, request.parentId, file));
    if (!problem) {
      onClose();
      props.onCreated(file, request.parentId);
    }
    return problem;
  };

  return (
    <>
      <NameDialog
        open={request?.kind === 'folder'}
        title={request?.kind === 'folder' && request.node ? 'Rename folder' : 'New folder'}
        label="Folder name"
        initial={request?.kind === 'folder' ? (request.node?.name ?? '') : ''}
        submitLabel={request?.kind === 'folder' && request.node ? 'Rename' : 'Create folder'}
        onSubmit={submitFolder}
        // A tree change is applied at once; the page saves it in the background.
        busy={false}
        onCancel={onClose}
      />
      <NameDialog
        open={request?.kind === 'file'}
        title={request?.kind === 'file' && request.node ? 'Edit file' : 'New file'}
        label="File name"
        initial={request?.kind === 'file' ? (request.node?.name ?? '') : ''}
        suggestion={suggested}
        submitLabel={request?.kind === 'file' && request.node ? 'Save' : 'Create file'}
        onSubmit={submitFile}
        busy={false}
        onCancel={onClose}
      >
        {request?.kind === 'file' && (
          <DocumentPicker
            userId={props.userId}
            value={docId}
            onChange={(doc) => {
              setDocId(doc?.id ?? null);
              // A new file without a name yet takes the document's.
              if (!request.node && doc) setSuggested(doc.name);
            }}
          />
        )}
      </NameDialog>
      <ConfirmDialog
        open={request?.kind === 'delete'}
        title={`Delete "${request?.node?.name ?? ''}"?`}
        confirmLabel="Delete"
        onCancel={onClose}
        onConfirm={() => {
          if (request?.kind !== 'delete') return;
          const node = request.node;
          const problem = apply((s) => deleteNode(s, node.id));
          onClose();
          if (!problem) props.onDeleted(node);
        }}
      >
        {request?.node?.type === 'folder'
          ? 'The folder and everything inside it are removed from this workspace. The documents themselves stay in your library.'
          : 'The file is removed from this workspace. Its document stays in your library.'}
      </ConfirmDialog>
    </>
  );
}
