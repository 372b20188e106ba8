import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { browser } from 'wxt/browser';
import type { ClientErrorSurface } from '@/shared/core/admin/clientErrors.ts';
import { ErrorScreen, useReportedError } from '@/shared/ui/ErrorScreen.tsx';
import { extData } from './extClient.ts';

interface ExtErrorBoundaryProps {
  surface: Exclude<ClientErrorSurface, 'dashboard'>;
  /** The view drawn (`/sidepanel/chat`): fixed names, no ids. */
  view: string;
  /** The way back to a view that works; the boundary starts afresh after it. */
  back: { label: string; onClick: () => void };
  /** A change (another tab chosen) draws the children again. */
  resetKeys?: unknown[];
  children: ReactNode;
}

function ReportedScreen({ error, view, surface, back }: { error: unknown } & Omit<ExtErrorBoundaryProps, 'children' | 'resetKeys'>) {
  useReportedError(extData, error, { path: view, release: browser.runtime.getManifest().version, surface });
  return <ErrorScreen onReload={() => window.location.reload()} back={back} />;
}

/** The side panel's and the popup's error screen: what threw is replaced, the header and tabs stay. */
export function ExtErrorBoundary({ surface, view, back, resetKeys, children }: ExtErrorBoundaryProps) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ReportedScreen
          error={error}
          view={view}
          surface={surface}
          back={{
            label: back.label,
            onClick: () => {
              back.onClick();
              resetErrorBoundary();
            },
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
