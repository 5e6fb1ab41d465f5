import type { NextRequest } from 'next/server';
import { serveMediaFile } from '@/lib/server/storage/media-files';

type Ctx = { params: Promise<{ path: string[] }> };

export async function GET(req: NextRequest, ctx: Ctx) {
  return serveMediaFile(req, (await ctx.params).path);
}

export async function HEAD(req: NextRequest, ctx: Ctx) {
  return serveMediaFile(req, (await ctx.params).path);
}
