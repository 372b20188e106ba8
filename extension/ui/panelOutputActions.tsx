import { Button } from '@mui/material';
import InputIcon from '@mui/icons-material/Input';
import { ROUTES } from '@/shared/core/routes.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { sendMessage } from '@/extension/lib/messaging.ts';
import { insertIntoTab } from '@/extension/lib/tabs.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import type { OutputActionsSetup } from '@/shared/ui/run/OutputActions.tsx';
import { extData } from './extClient.ts';
import { usePage } from './pageContext.tsx';

/** The panel's run output actions: documents saved as markdown, opened in a dashboard tab; "Insert into page". */
export const PANEL_OUTPUT_ACTIONS: OutputActionsSetup = {
  client: extData,
  format: 'md',
  openDocuments: {
    altText: RUN_TEXTS.openDocumentsInDashboardAlt,
    onClick: () => void sendMessage('dashboard:open', { path: ROUTES.documentGenerator }),
  },
  markSaved: false,
  extra: (text) => <InsertIntoPage text={text} />,
};

/** Inserts the text into the page beside the panel, where its cursor is. */
function InsertIntoPage({ text }: { text: string }) {
  const notify = useNotify();
  const { tab } = usePage();
  const insert = async () => {
    if (!tab) return;
    const result = await insertIntoTab(tab.id, text);
    notify(
      result.inserted
        ? { title: RUN_TEXTS.inserted }
        : { title: RUN_TEXTS.nothingInserted, description: result.reason, variant: 'destructive' },
    );
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<InputIcon fontSize="small" />}
      onClick={() => void insert()}
      disabled={!text.trim() || !tab}
    >
      {RUN_TEXTS.insertIntoPage}
    </Button>
  );
}
