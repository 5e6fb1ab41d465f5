import type { Metadata } from 'next';
import { UsersPage } from '@/components/studio/users/UsersPage';

export const metadata: Metadata = { title: { absolute: 'Users · Studio' } };

export default function StudioUsersPage() {
  return <UsersPage />;
}
