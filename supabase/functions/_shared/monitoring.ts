import type { MonitoringKind } from '@/shared/core/admin/monitoringEvents.ts';
import type { Json } from '@/shared/data/database.types.ts';
import { serviceDb } from './db.ts';
import { json } from './http.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * Operational events for the master admins' monitoring card (public.monitoring_events). Recording
 * never throws and never changes the answer of the function that records: a monitoring outage must
 * not become a second outage.
 */

export interface MonitoringEvent {
  kind: MonitoringKind;
  source: string;
  message: string;
  detail?: { [key: string]: Json | undefined };
  userId?: string | null;
}

export async function recordEvent(event: MonitoringEvent): Promise<void> {
  try {
    const { error, status } = await serviceDb().rpc('record_monitoring_event', {
      event_kind: event.kind,
      event_source: event.source,
      event_message: event.message,
      event_detail: event.detail ?? {},
      event_user: event.userId ?? undefined,
    });
    if (error) console.error('[monitoring] could not record an event', status, error);
  } catch (error) {
    console.error('[monitoring] could not record an event', error);
  }
}

type EdgeHandler = (req: Request) => Response | Promise<Response>;

/** Functions whose failures have a kind of their own (the rest are function errors). */
const FAILURE_KIND: Readonly<Record<string, MonitoringKind>> = {
  'stripe-webhook': 'stripe_webhook_failed',
  'run-scheduled-workflows': 'scheduled_run_failed',
};

/** Functions whose 5xx answers report someone else's site being down, not ours (their exceptions still count). */
const ANSWERS_ABOUT_OTHER_SITES = new Set(['fetch-url', 'ai-relay']);

/**
 * The function as served: an exception or a 5xx answer is recorded as a function error, or as the
 * function's own kind of failure (the exception answers 500 as the platform would). 4xx answers are
 * the caller's business.
 */
export function monitored(name: string, handler: EdgeHandler): EdgeHandler {
  const kind = FAILURE_KIND[name] ?? 'function_error';
  const recordsAnswers = !ANSWERS_ABOUT_OTHER_SITES.has(name);
  return async (req) => {
    let res: Response;
    try {
      res = await handler(req);
    } catch (error) {
      console.error(`[functions/${name}]`, error);
      const message = errorMessage(error);
      await recordEvent({ kind, source: name, message: `Uncaught error: ${message}`.slice(0, 2000) });
      return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
    }
    if (res.status >= 500 && recordsAnswers) {
      // The error text is read from a copy: the caller still gets the whole answer.
      const text = await res
        .clone()
        .text()
        .catch(() => '');
      await recordEvent({ kind, source: name, message: `Answered ${res.status}: ${errorText(text)}`, detail: { status: res.status } });
    }
    return res;
  };
}

/** The `error` or `message` of a JSON error answer, else the start of the body. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const text = typeof parsed.error === 'string' ? parsed.error : typeof parsed.message === 'string' ? parsed.message : null;
    if (text) return text.slice(0, 500);
  } catch {
    // Not JSON: the raw start below.
  }
  return body.slice(0, 500) || '(no body)';
}
