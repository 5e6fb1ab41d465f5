import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { imageUrl } from '@/lib/server/catalog';
import { AppError } from '@/lib/server/http/app-error';
import { readBodyBytes } from '@/lib/server/http/handler';
import { log } from '@/lib/server/log';
import { IMMUTABLE_CACHE_CONTROL, mediaStorage, type ObjectStorage } from '@/lib/server/storage';
import { MAX_IMAGE_BYTES, type ImageKind } from '@/lib/contracts/studio-titles';
import { IMAGE_SIZES, imageFileName } from '@/lib/images';

/**
 * Poster and banner uploads, resized with sharp (the library behind Next's image optimisation) into the sizes the
 * pages use (IMAGE_SIZES, lib/images.ts): the 9:16 poster at 720×1280 (cards show it at 270×480 and smaller, the
 * detail page larger on a 2× screen) and the 16:9 banner at 1920×1080 (the home carousel, full width), each also at
 * half size, which pages offer in a srcset (imageSrcSet) so a phone downloads the half size. They go to
 * media storage at images/<random 16 hex>/ (MEDIA_DIR or the media bucket, so every instance and the CDN see them),
 * served by the media route (app/media) or the CDN with a year's immutable caching: a new
 * upload always gets a new folder, so a changed image is a changed URL. The answer's `path` is what the title keeps
 * ('images/…', relative to the media base, resolved by the catalogue's imageUrl).
 */

/** Larger inputs are refused before decoding (a 'decompression bomb' is small on the wire and huge in memory). */
const MAX_INPUT_PIXELS = 50_000_000;

export type StoredImage = { path: string; url: string; variants: { path: string; url: string; width: number; height: number }[] };

/** The upload's type from its first bytes, whatever it claims to be: JPEG, PNG or WebP, or null. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Resizes and writes one upload; answers the path to store. 422 for anything that is not a readable JPEG, PNG or WebP. */
export async function storeImage(kind: ImageKind, bytes: Uint8Array, storage: ObjectStorage = mediaStorage()): Promise<StoredImage> {
  if (bytes.length === 0) throw new AppError('E_VALIDATION', 'Invalid body: choose an image file.');
  if (!sniffImage(bytes)) throw new AppError('E_VALIDATION', 'Invalid body: the file is not a JPEG, PNG or WebP image.');
  let outputs: { name: string; width: number; height: number; data: Buffer }[];
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    outputs = await Promise.all(
      IMAGE_SIZES[kind].map(async ({ width, height }) => ({
        name: imageFileName(kind, width),
        width,
        height,
        data: await source.clone().resize(width, height, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer(),
      })),
    );
  } catch (err) {
    log.info('image upload refused', { kind, err: err instanceof Error ? err.message : String(err) });
    throw new AppError('E_VALIDATION', 'Invalid body: the image could not be read (damaged, or larger than 50 megapixels).');
  }
  const folder = `images/${randomBytes(8).toString('hex')}`;
  try {
    await Promise.all(outputs.map((o) => storage.put(`${folder}/${o.name}`, o.data, { contentType: 'image/webp', cacheControl: IMMUTABLE_CACHE_CONTROL })));
  } catch (err) {
    // Half an image set would never be referenced (the title keeps nothing on error): take it away again.
    await storage.deletePrefix(`${folder}/`).catch(() => undefined);
    throw err;
  }
  const variants = outputs.map((o) => ({ path: `${folder}/${o.name}`, url: imageUrl(`${folder}/${o.name}`), width: o.width, height: o.height }));
  return { path: variants[0].path, url: variants[0].url, variants };
}

/**
 * The image of an upload request: the raw body (`content-type: image/…`, what the studio sends), or the first file
 * field of a multipart form. Read with the byte cap as it streams, so an oversized upload is refused unread.
 */
export async function imageFromRequest(req: Request): Promise<Uint8Array> {
  const bytes = await readBodyBytes(req, MAX_IMAGE_BYTES + 64 * 1024);
  const type = req.headers.get('content-type') ?? '';
  let image: Uint8Array = bytes;
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new AppError('E_BAD_REQUEST', 'Malformed multipart body.');
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) throw new AppError('E_VALIDATION', 'Invalid body: choose an image file.');
    image = new Uint8Array(await file.arrayBuffer());
  }
  if (image.byteLength > MAX_IMAGE_BYTES) throw new AppError('E_PAYLOAD_TOO_LARGE', 'The image is larger than 10 MB.');
  return image;
}
