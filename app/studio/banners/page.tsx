import { BannerManager } from '@/components/studio/banners/BannerManager';

export default function StudioBannersPage() {
  return <BannerManager />;
}
