import { monitored } from '../supabase/functions/_shared/monitoring.ts';
import { runStackCli } from '../supabase/local/cli.ts';
import { masterAdminFromEnv } from './admin-create.ts';

/**
 * `npm run stack` (and `npm start`'s stack): the local stack's command line (supabase/local/cli.ts)
 * with what AI Vault adds to it. Functions served by Node record their failures for monitoring, as
 * their index.ts does on hosted Supabase; MASTER_ADMIN_EMAIL (with MASTER_ADMIN_PASSWORD,
 * MASTER_ADMIN_NAME) creates or promotes the first master admin once the stack serves, as
 * `npm run admin:create` does.
 */
void runStackCli({
  wrapFunction: monitored,
  onReady: async ({ url, config }) => {
    try {
      return (await masterAdminFromEnv(url, config.serviceRoleKey)) ?? undefined;
    } catch (error) {
      throw new Error(`MASTER_ADMIN_EMAIL: ${(error as Error).message}`);
    }
  },
});
