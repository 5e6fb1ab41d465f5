import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/dashboard', '/wallet', '/studio', '/auth-emulator/', '/media/'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
