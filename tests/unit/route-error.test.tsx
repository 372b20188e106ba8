// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientErrorReport } from '@/shared/core/admin/clientErrors.ts';
import { ERROR_SCREEN_TEXTS } from '@/shared/core/errorScreen.ts';
import { pageBoundary } from '@/web/routes/RouteError.tsx';

/** A page that throws while drawing: our screen inside the layout around it, reported once. */

const reports: ClientErrorReport[] = [];
vi.mock('@/shared/data/clientErrors.ts', () => ({
  reportClientError: vi.fn((_client: unknown, report: ClientErrorReport) => {
    reports.push(report);
    return Promise.resolve({ data: undefined, error: null });
  }),
}));

afterEach(() => {
  cleanup();
  reports.length = 0;
});

function Shell() {
  return (
    <div>
      <nav aria-label="Main">
        <Link to="/dashboard">Main Dashboard</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'kind')");
}

const routes = () => [
  {
    Component: Shell,
    children: [
      pageBoundary([
        { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
        { path: '/workspace/:workspaceId', Component: Broken },
      ]),
    ],
  },
];

describe('the route error boundary', () => {
  it('keeps the shell, says what happened, reports the error without ids, and leads back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(routes(), { initialEntries: ['/workspace/8d0c6c59-3c1e-4d39-9d0f-2f7f4c5e9a11'] });
    render(<RouterProvider router={router} />);

    expect(await screen.findByText(ERROR_SCREEN_TEXTS.title)).toBeTruthy();
    expect(screen.getByText(ERROR_SCREEN_TEXTS.body)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toEqual({
      message: "TypeError: Cannot read properties of undefined (reading 'kind')",
      route: '/workspace/:workspaceId',
      release: 'dev',
      surface: 'dashboard',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText(ERROR_SCREEN_TEXTS.title)).toBeNull();
    expect(reports).toHaveLength(1);
  });
});
