import { usageRecorder } from '@/shared/data/usage.ts';
import { supabase } from './supabase.ts';

/** The dashboard's usage reporter: every AI call made from a dashboard page records its row as 'dashboard'. */
export const webUsage = usageRecorder(supabase, 'dashboard');
