import { TitleEditor } from '@/components/studio/titles/TitleEditor';

export default function StudioNewTitlePage() {
  return <TitleEditor />;
}
