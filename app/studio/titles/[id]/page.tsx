import { TitleEditor } from '@/components/studio/titles/TitleEditor';

export default async function StudioTitlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The key remounts the editor when the page moves from one title to another (or from 'new' to the created title).
  return <TitleEditor key={id} id={id} />;
}
