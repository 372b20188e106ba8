import { lazy, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { Alert, Box, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import type { PromptRun } from '@/shared/data/promptRuns.ts';
import type { PendingRun } from '@/extension/lib/items.ts';
import { sendMessage } from '@/extension/lib/messaging.ts';
import { NoticeViewport } from '@/shared/ui/NoticeViewport.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { JobBoardProvider } from '@/shared/ui/live/JobBoard.tsx';
import { OtherJobsStrip } from '@/shared/ui/live/OtherJobsStrip.tsx';
import { useLiveUpdates } from '@/shared/ui/live/useLiveUpdates.ts';
import { createQueryClient, useClearOnUserChange } from '@/shared/ui/query.ts';
import { ExtErrorBoundary } from './ExtErrorBoundary.tsx';
import { extData } from './extClient.ts';
import { usageRecorder } from '@/shared/data/usage.ts';
import { UsageProvider } from '@/shared/ui/usage/UsageContext.tsx';
import { ThemeRoot } from '@/shared/ui/ThemeRoot.tsx';
import { useAccount } from './account.ts';
import { finishFirstDraw } from './firstDraw.ts';
import { LibraryView } from './LibraryView.tsx';
import { PageProvider } from './pageContext.tsx';
import { PanelHeader } from './PanelHeader.tsx';
import { PANEL_TEXTS } from './panelTexts.ts';
import { SignInForm } from './SignInForm.tsx';
import { usePanelWindow } from './usePanelWindow.ts';
import { usePendingRun } from './usePendingRun.ts';

/**
 * The side panel: sign in, the library, a prompt run against the current tab, a chat about the
 * page, history (runs and conversations) and settings (keys, page reading, appearance). The library shows first; the other views load when
 * opened, so the panel is quick to start.
 */

const RunView = lazy(async () => ({ default: (await import('./RunView.tsx')).RunView }));
const ChatView = lazy(async () => ({ default: (await import('./ChatView.tsx')).ChatView }));
const WorkflowsView = lazy(async () => ({ default: (await import('./WorkflowsView.tsx')).WorkflowsView }));
const HistoryView = lazy(async () => ({ default: (await import('./HistoryView.tsx')).HistoryView }));
const SettingsView = lazy(async () => ({ default: (await import('./SettingsView.tsx')).SettingsView }));

const VIEWS = ['prompts', 'chat', 'workflows', 'history', 'settings'] as const;
/** Chat, Workflows and History are for signed-in users only. */
const SIGNED_OUT_VIEWS = ['prompts', 'settings'] as const;
type View = (typeof VIEWS)[number];

/** The prompt opened to run, with what it was opened with. */
export interface OpenedPrompt {
  id: string;
  name: string;
  /** The context menu's selection. */
  selection?: string | null;
  /** Field values to start from (run again from history). */
  values?: Record<string, string>;
  /** Start right away when every field is filled (one-click run from the popup or the menu). */
  autoRun?: boolean;
  /** Changes on each opening, so opening the same prompt again starts fresh. */
  key: number;
}

/** The side panel's AI calls record their usage as the panel's. */
const panelUsage = usageRecorder(extData, 'panel');

export function PanelApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ThemeRoot surface="paper">
          {/* What the shell itself throws (its header and tabs): the screen alone, Reload starts again. */}
          <ExtErrorBoundary surface="sidepanel" view="/sidepanel" back={{ label: 'Try again', onClick: () => undefined }}>
            <UsageProvider usage={panelUsage}>
              <PanelShell />
            </UsageProvider>
          </ExtErrorBoundary>
          <NoticeViewport />
        </ThemeRoot>
      </JotaiProvider>
    </QueryClientProvider>
  );
}

function ViewLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

function PanelShell() {
  const account = useAccount();
  // Another account (or none) never sees the previous one's server data.
  useClearOnUserChange(account.status === 'loading' ? undefined : account.status === 'signedIn' ? (account.user?.id ?? null) : null);
  // Prompts saved in the dashboard or another window appear here without reopening the panel.
  useLiveUpdates(extData, account.status === 'signedIn' ? (account.user?.id ?? null) : null);
  const notify = useNotify();
  const windowId = usePanelWindow();
  const [view, setView] = useState<View>('prompts');
  const [opened, setOpened] = useState<OpenedPrompt | null>(null);
  const [chooseFor, setChooseFor] = useState<string | null>(null);
  // The chat on the Chat tab: a stored one opened from History, or a new one (a new key starts it afresh).
  const [chat, setChat] = useState<{ conversationId: string | null; key: number }>({ conversationId: null, key: 0 });
  const signedIn = account.status === 'signedIn';
  // Chat, Workflows and History are for signed-in users only (signing out elsewhere leaves the panel on Prompts).
  const shown: View = (view === 'history' || view === 'chat' || view === 'workflows') && !signedIn ? 'prompts' : view;
  const openChat = (conversationId: string | null) => {
    setChat((current) => ({ conversationId, key: current.key + 1 }));
    setView('chat');
  };

  const open = useCallback((prompt: Omit<OpenedPrompt, 'key'>) => {
    setView('prompts');
    setOpened({ ...prompt, key: Date.now() });
  }, []);

  const takePending = useCallback(
    (run: PendingRun) => {
      if (run.promptId) open({ id: run.promptId, name: '', selection: run.selection, autoRun: true });
      else {
        // "Choose a prompt…": the selection waits for the prompt the user picks next.
        setOpened(null);
        setView('prompts');
        setChooseFor(run.selection);
      }
    },
    [open],
  );
  usePendingRun(signedIn, takePending);
  // Once this view matches the plain one drawn from storage, it replaces it (before the browser paints).
  useLayoutEffect(() => {
    if (account.status !== 'loading') finishFirstDraw();
  }, [account.status]);

  const signOut = async () => {
    const result = await sendMessage('auth:signOut');
    if (!result.ok) {
      notify({ title: result.title, description: result.message, variant: 'destructive' });
      return;
    }
    account.apply(result.state);
    setOpened(null);
    setChat((current) => ({ conversationId: null, key: current.key + 1 }));
    setView('prompts');
    notify({ title: 'Signed Out' });
  };

  const runAgain = (run: PromptRun) => run.promptId && open({ id: run.promptId, name: run.promptName, values: run.filledValues });
  const openDashboard = (path: string) => void sendMessage('dashboard:open', { path });

  return (
    <PageProvider windowId={windowId}>
      <JobBoardProvider client={extData} userId={signedIn ? (account.user?.id ?? null) : null}>
        <Stack sx={{ minHeight: '100vh' }}>
          <PanelHeader user={signedIn ? account.user : null} onSignOut={() => void signOut()} />
          <Tabs
            value={shown}
            onChange={(_e, next: View) => setView(next)}
            aria-label={PANEL_TEXTS.views}
            sx={{
              borderBottom: 1,
              borderColor: 'divider',
              minHeight: 40,
              '& .MuiTab-root': { flex: '1 1 auto', minHeight: 40, minWidth: 0, px: 0.5, py: 0, fontSize: '0.8125rem', letterSpacing: 0 },
            }}
          >
            {(signedIn ? VIEWS : SIGNED_OUT_VIEWS).map((name) => (
              <Tab key={name} value={name} label={PANEL_TEXTS.tabs[name]} data-fd={`tab:${name}`} />
            ))}
          </Tabs>
          <OtherJobsStrip onOpen={openDashboard} compact />
          <Box component="main" sx={{ p: 1.5, flex: 1, minWidth: 0 }}>
            <ExtErrorBoundary
              surface="sidepanel"
              view={`/sidepanel/${shown}`}
              resetKeys={[shown, opened?.key, chat.key]}
              back={{
                label: 'Back to the prompts',
                onClick: () => {
                  setOpened(null);
                  setView('prompts');
                },
              }}
            >
              <Suspense fallback={<ViewLoading />}>
                {shown === 'settings' && (
                  <SettingsView status={account.status} userId={account.user?.id ?? null} onSignIn={() => setView('prompts')} />
                )}
                {shown === 'chat' && (
                  <ChatView
                    key={chat.key}
                    conversationId={chat.conversationId}
                    onNewChat={() => openChat(null)}
                    userId={account.user?.id ?? null}
                  />
                )}
                {shown === 'workflows' && <WorkflowsView onOpenDashboard={openDashboard} />}
                {shown === 'history' && <HistoryView onRunAgain={runAgain} onOpenConversation={openChat} />}
                {shown === 'prompts' &&
                  (account.status === 'loading' ? (
                    <ViewLoading />
                  ) : !signedIn ? (
                    <SignedOut
                      needsSecondFactor={account.status === 'needsSecondFactor'}
                      onResult={account.apply}
                      onCreateAccount={() => openDashboard(`${ROUTES.auth}`)}
                    />
                  ) : opened ? (
                    <RunView key={opened.key} opened={opened} onBack={() => setOpened(null)} />
                  ) : (
                    <>
                      {chooseFor && (
                        <Alert severity="info" onClose={() => setChooseFor(null)} sx={{ mb: 1.5 }}>
                          Choose a prompt to run on your selection: “{chooseFor.length > 80 ? `${chooseFor.slice(0, 80)}…` : chooseFor}”
                        </Alert>
                      )}
                      <LibraryView
                        user={account.user!}
                        onOpenPrompt={(p) => {
                          open({ id: p.id, name: p.name, selection: chooseFor });
                          setChooseFor(null);
                        }}
                        onOpenDashboard={openDashboard}
                      />
                    </>
                  ))}
              </Suspense>
            </ExtErrorBoundary>
          </Box>
        </Stack>
      </JobBoardProvider>
    </PageProvider>
  );
}

function SignedOut(props: Parameters<typeof SignInForm>[0]) {
  return (
    <Stack spacing={2} component="section" aria-label={PANEL_TEXTS.signIn.section} sx={{ maxWidth: 420, mx: 'auto', pt: 1 }}>
      <Box>
        <Typography variant="h6" component="h2">
          {PANEL_TEXTS.signIn.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {PANEL_TEXTS.signIn.lead}
        </Typography>
      </Box>
      <SignInForm {...props} />
    </Stack>
  );
}
