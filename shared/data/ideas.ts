import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { startupIdeaSchema, type StartupIdea, type StartupIdeaContent } from '../core/ideas.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';

/**
 * Saved startup ideas (table startup_ideas, owner only; migration 20261123001500): stored with
 * the account rather than in one browser, so they follow the user. The content is checked
 * with the same schema the AI's answer passed.
 */

const COLUMNS = 'id, name, description, market, target_users, revenue, competitors, weaknesses, business_plan, source_prompt, created_at';
type IdeaRow = Omit<Tables<'startup_ideas'>, 'user_id'>;

const toIdea = (r: IdeaRow): StartupIdea => {
  // business_plan is jsonb (typed Json); saveIdea stores only what startupIdeaSchema accepted.
  const plan = r.business_plan as StartupIdea['businessPlan'];
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    market: r.market,
    targetUsers: r.target_users,
    revenue: r.revenue,
    competitors: r.competitors,
    weaknesses: r.weaknesses,
    businessPlan: { executive: plan.executive, market: plan.market, solution: plan.solution },
    sourcePrompt: r.source_prompt,
    createdAt: r.created_at,
  };
};

/** The caller's ideas, newest first. */
export async function listIdeas(client: AppClient): Promise<DataResult<StartupIdea[]>> {
  const { data, error } = await client.from('startup_ideas').select(COLUMNS).order('created_at', { ascending: false }).order('id');
  return error ? fail(error) : ok(data.map(toIdea));
}

export async function getIdea(client: AppClient, id: string): Promise<DataResult<StartupIdea | null>> {
  const { data, error } = await client.from('startup_ideas').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toIdea(data) : null);
}

/** Saves a generated idea with the interest it came from. */
export async function saveIdea(client: AppClient, idea: StartupIdeaContent, sourcePrompt = ''): Promise<DataResult<StartupIdea>> {
  const checked = startupIdeaSchema.safeParse(idea);
  if (!checked.success) return invalid('This idea is incomplete and cannot be saved.');
  const c = checked.data;
  const { data, error } = await client
    .from('startup_ideas')
    .insert({
      name: c.name,
      description: c.description,
      market: c.market,
      target_users: c.targetUsers,
      revenue: c.revenue,
      competitors: c.competitors,
      weaknesses: c.weaknesses,
      business_plan: c.businessPlan,
      source_prompt: sourcePrompt.trim(),
    })
    .select(COLUMNS)
    .single();
  return error ? fail(error) : ok(toIdea(data));
}

/** data: whether an idea was deleted. */
export async function deleteIdea(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('startup_ideas').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}
