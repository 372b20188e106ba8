import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRole } from '@/shared/core/admin/roles.ts';

/** What every tab of the admin screen is given. */
export interface AdminTabProps {
  viewerRole: AppRole;
  /** Changes when data was replaced elsewhere on the screen (a restore): reload. */
  reloadKey: number;
}

export interface AdminTab {
  /** In the address: /admin/users?tab=<id>. */
  id: string;
  label: string;
  Component: LazyExoticComponent<ComponentType<AdminTabProps>>;
}

/**
 * The admin screen's tabs (User Management and Product Management, plus
 * the contact messages). A new tab is one entry here.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'users',
    label: 'User Management',
    Component: lazy(async () => ({ default: (await import('./users/UserManagementTab.tsx')).UserManagementTab })),
  },
  {
    id: 'products',
    label: 'Product Management',
    Component: lazy(async () => ({ default: (await import('./products/ProductManagementTab.tsx')).ProductManagementTab })),
  },
  // The contact form's messages are stored (not simulated), so admins read them here.
  {
    id: 'messages',
    label: 'Messages',
    Component: lazy(async () => ({ default: (await import('./messages/MessagesTab.tsx')).MessagesTab })),
  },
  {
    id: 'catalogs',
    label: 'Prompt Catalogues',
    Component: lazy(async () => ({ default: (await import('./catalog/CatalogTab.tsx')).CatalogTab })),
  },
  {
    id: 'training',
    label: 'Training',
    Component: lazy(async () => ({ default: (await import('./training/TrainingTab.tsx')).TrainingTab })),
  },
  // Everybody's AI usage as totals (no one's calls): what the product's AI costs its users.
  {
    id: 'usage',
    label: 'AI usage',
    Component: lazy(async () => ({ default: (await import('./usage/AdminUsageTab.tsx')).AdminUsageTab })),
  },
  {
    id: 'feature-requests',
    label: 'Feature requests',
    Component: lazy(async () => ({ default: (await import('./featureRequests/FeatureRequestsTab.tsx')).FeatureRequestsTab })),
  },
];
