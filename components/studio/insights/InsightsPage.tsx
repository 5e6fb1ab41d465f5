'use client';

import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { InsightsDashboard } from './InsightsDashboard';

/** The dashboard for the signed-in studio user: revenue only for admins (the server enforces it too). */
export function InsightsPage() {
  return <InsightsDashboard isAdmin={isAdmin(useStudioUser())} />;
}
