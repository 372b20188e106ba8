/**
 * What a store package must be built with: the hosted project and dashboard (https, not this
 * machine) and none of the development overrides. Returns one sentence per problem.
 */
export type BuildEnv = Record<string, string | undefined>;

const LOCAL_HOST = /^(localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\]|.*\.local|.*\.localhost)$/i;

function hostedUrlProblem(name: string, value: string | undefined, example: string): string | null {
  const text = value?.trim();
  if (!text) return `Set ${name} to ${example}.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${name} is not a URL: ${text}`;
  }
  if (url.protocol !== 'https:' || LOCAL_HOST.test(url.hostname)) return `${name} must be an https address on the internet, not ${text}.`;
  return null;
}

export function storePackageProblems(env: BuildEnv): string[] {
  const problems = [
    hostedUrlProblem('WXT_SUPABASE_URL', env.WXT_SUPABASE_URL, 'your hosted Supabase project (https://<project>.supabase.co)'),
    env.WXT_SUPABASE_ANON_KEY?.trim() ? null : "Set WXT_SUPABASE_ANON_KEY to your hosted project's anon key.",
    hostedUrlProblem('WXT_DASHBOARD_URL', env.WXT_DASHBOARD_URL, 'the address the dashboard is served from (https://…)'),
    ...(env.WXT_DASHBOARD_URLS ?? '')
      .split(',')
      .filter((url) => url.trim())
      .map((url) => hostedUrlProblem('Each of WXT_DASHBOARD_URLS', url, '')),
    env.WXT_AI_BASE_URLS?.trim() ? 'Unset WXT_AI_BASE_URLS: it sends AI calls to development servers.' : null,
  ];
  return problems.filter((problem): problem is string => problem !== null);
}
