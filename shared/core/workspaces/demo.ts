import { newNodeId } from './tree.ts';

/** The demo workspace: the first load with no workspace creates one (ensure_demo_workspace). Pure. */

/** The placeholder the database replaces with the welcome document's id (ensure_demo_workspace). */
export const DEMO_DOCUMENT_REF = '$document';

export interface DemoWorkspace {
  name: string;
  structure: unknown[];
  document: { name: string; content: string };
}

export function demoWorkspace(): DemoWorkspace {
  const id = () => newNodeId();
  return {
    name: 'My First Workspace',
    structure: [
      {
        id: id(),
        type: 'folder',
        name: 'Getting Started',
        children: [{ id: id(), type: 'file', name: 'Welcome to your workspace', docId: DEMO_DOCUMENT_REF }],
      },
      { id: id(), type: 'folder', name: 'Marketing', children: [{ id: id(), type: 'folder', name: 'Launch Emails', children: [] }] },
      { id: id(), type: 'folder', name: 'Drafts', children: [] },
    ],
    document: {
      name: 'Welcome to your workspace',
      content: `# Welcome to your workspace

A workspace keeps your generated documents in folders of your own, next to the document generator's folders.

## What you can do here

- **Create folders and files** with the buttons above the tree. A file points at one of your generated documents.
- **Drag** a folder or file to move it, or use **Move to…** from its menu (also with the keyboard).
- **Rename or delete** anything from its menu. Deleting a folder deletes what is inside it from the workspace; the documents themselves stay in your library.
- **Download** a file's document as DOCX, PDF, HTML or text. Each download is counted; you can set a maximum per document.
- **Share** the workspace read-only with a colleague by e-mail.

Changes are saved as you make them. If the workspace is open in two tabs, both tabs' changes are kept.
`,
    },
  };
}
