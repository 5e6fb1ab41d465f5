import { redirect } from 'next/navigation';
import { studioHref } from '@/lib/routes';

export default function StudioHome() {
  redirect(studioHref('titles'));
}
