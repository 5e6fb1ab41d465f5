import { TitleList } from '@/components/studio/titles/TitleList';

export default function StudioTitlesPage() {
  return <TitleList />;
}
