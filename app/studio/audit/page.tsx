import type { Metadata } from 'next';
import { AuditPage } from '@/components/studio/audit/AuditPage';

export const metadata: Metadata = { title: { absolute: 'Audit log · Studio' } };

export default function StudioAuditPage() {
  return <AuditPage />;
}
