/**
 * Feature requests as admins see them (who asked for which feature, and when) and the "it's
 * ready" mail the feature-shipped function sends each requester once. Pure.
 */
import { featureLabel, REQUESTABLE_FEATURES, type RequestableFeature } from './hub.ts';
import type { MailKind } from './mail.ts';
import { ROUTES } from './routes.ts';
import { escapeHtml } from './text.ts';

export const isRequestableFeature = (value: unknown): value is RequestableFeature =>
  typeof value === 'string' && (REQUESTABLE_FEATURES as readonly string[]).includes(value);

/** One request with the requester's address (the database function feature_request_list). */
export interface FeatureRequestRow {
  id: string;
  feature: string;
  user_id: string;
  email: string | null;
  created_at: string;
  notified_at: string | null;
}

/** One feature of the admin tab: its requesters (newest first) and whether it shipped. */
export interface FeatureDemand {
  feature: RequestableFeature;
  label: string;
  requesters: FeatureRequestRow[];
  /** Requesters not mailed yet. */
  pending: number;
  shippedAt: string | null;
}

/**
 * Every requestable feature with its requests, the most requested first (then the most recently
 * requested, then the fixed order); rows of features no longer offered are left out.
 */
export function summarizeFeatureRequests(rows: readonly FeatureRequestRow[], shipped: ReadonlyMap<string, string | null>): FeatureDemand[] {
  const byFeature = new Map<RequestableFeature, FeatureRequestRow[]>(REQUESTABLE_FEATURES.map((f) => [f, []]));
  for (const row of rows) if (isRequestableFeature(row.feature)) byFeature.get(row.feature)!.push(row);
  const demands = REQUESTABLE_FEATURES.map((feature) => {
    const requesters = [...byFeature.get(feature)!].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return {
      feature,
      label: featureLabel(feature),
      requesters,
      pending: requesters.filter((r) => !r.notified_at).length,
      shippedAt: shipped.get(feature) ?? null,
    };
  });
  const newest = (d: FeatureDemand) => d.requesters[0]?.created_at ?? '';
  return demands.sort((a, b) => b.requesters.length - a.requesters.length || newest(b).localeCompare(newest(a)));
}

/** Where a shipped feature lives in the dashboard. */
const FEATURE_PATHS: Record<RequestableFeature, string> = {
  workflows: ROUTES.workflows,
  document_analysis: ROUTES.documentAnalysis,
  smart_queries: ROUTES.smartQueries,
  pitch_deck: ROUTES.pitchDeck,
  folder_view: ROUTES.manageFolders,
};

/** The mail telling a requester the feature they asked for is ready. */
export function featureShippedMail(
  feature: RequestableFeature,
  siteUrl: string,
): { kind: MailKind; subject: string; text: string; html: string } {
  const label = featureLabel(feature);
  const link = `${siteUrl.replace(/\/+$/, '')}${FEATURE_PATHS[feature]}`;
  const subject = `${label} is ready in AI Vault`;
  const lines = [
    'Hello,',
    `You asked us to let you know when ${label} is ready. It is: you can use it now.`,
    `Open it: ${link}`,
    'You get this mail once, because you asked for this feature.',
    '— The AI Vault team',
  ];
  const html = [
    `<p>Hello,</p>`,
    `<p>You asked us to let you know when <strong>${escapeHtml(label)}</strong> is ready. It is: you can use it now.</p>`,
    `<p><a href="${escapeHtml(link)}">Open ${escapeHtml(label)}</a></p>`,
    `<p>You get this mail once, because you asked for this feature.</p>`,
    `<p>— The AI Vault team</p>`,
  ].join('\n');
  return { kind: 'feature_shipped', subject, text: lines.join('\n\n'), html };
}

/** What the admin tab says. */
export const FEATURE_REQUEST_TEXTS = {
  intro: 'Features users asked for from the coming-soon buttons, with who asked and when. Marking one shipped mails every requester once.',
  loading: 'Loading feature requests',
  loadError: 'Error loading feature requests',
  noRequests: 'No requests yet.',
  requests: (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`,
  shipped: (date: string) => `Shipped ${date}`,
  markShipped: 'Mark shipped',
  notifyNew: (count: number) => `Mail ${count} new ${count === 1 ? 'requester' : 'requesters'}`,
  confirmTitle: (label: string) => `Mark ${label} shipped?`,
  confirmBody: (label: string, count: number) =>
    count === 0
      ? `${label} will show as shipped. Nobody asked for it, so no mail goes out.`
      : `${label} will show as shipped and ${count} ${count === 1 ? 'person' : 'people'} who asked for it will get an e-mail saying it is ready. Each person is mailed once.`,
  confirm: 'Mark shipped',
  done: 'Feature Shipped',
  doneBody: (label: string, mailed: number, failed: number, mail: 'on' | 'off' = 'on') =>
    mail === 'off' && failed > 0
      ? `${label} is marked shipped. E-mail is off on this project, so its ${failed} ${failed === 1 ? 'requester was' : 'requesters were'} not mailed: they will be on the next click once mail is set up.`
      : `${label} is marked shipped. ${mailed} ${mailed === 1 ? 'mail' : 'mails'} sent${failed > 0 ? `, ${failed} could not be sent (try again to retry them)` : ''}.`,
  error: 'Error marking feature shipped',
  notified: 'mailed',
  unknownEmail: '(account deleted)',
} as const;
