/**
 * Renders the installable app's icons (public/icons/*.png, committed) from the logo mark of components/layout/Logo.tsx:
 * `npx tsx scripts/pwa-icons.ts`. Run it again when the mark changes. 'any' icons are the rounded tile on a transparent
 * ground; the maskable and Apple icons fill the square (the launcher or iOS cuts the shape) with the heart inside the
 * central safe zone (a circle of 80% of the width: w3c.github.io/manifest/#icon-masks).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5fa0"/><stop offset=".55" stop-color="#d41c68"/><stop offset="1" stop-color="#7a1050"/></linearGradient></defs>';
const HEART = 'M16 24.5s-7.2-4.3-8.6-8.7C6.4 12.7 8.2 9.5 11.3 9.5c1.9 0 3.4 1.1 4.7 3 1.3-1.9 2.8-3 4.7-3 3.1 0 4.9 3.2 3.9 6.3-1.4 4.4-8.6 8.7-8.6 8.7Z';
const SPARK = 'M23.5 5.2c.2 1.5.8 2.3 2.3 2.7-1.5.4-2.1 1.2-2.3 2.7-.2-1.5-.8-2.3-2.3-2.7 1.5-.4 2.1-1.2 2.3-2.7Z';
const mark = `<path d="${HEART}" fill="#fff" opacity="0.95"/><path d="${SPARK}" fill="#fbe7b0"/>`;

/** The tile as the site shows it. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" rx="9" fill="url(#g)"/>${mark}</svg>`;
/** Full bleed, the mark scaled by `scale` around the centre (0.7: heart and spark inside the 80% circle). */
const square = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" fill="url(#g)"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${mark}</g></svg>`;

const out = path.join(process.cwd(), 'public', 'icons');
const ICONS: [name: string, svg: string, size: number][] = [
  ['icon-192.png', tile, 192],
  ['icon-512.png', tile, 512],
  ['maskable-192.png', square(0.7), 192],
  ['maskable-512.png', square(0.7), 512],
  ['apple-touch-icon.png', square(0.85), 180],
];

await mkdir(out, { recursive: true });
for (const [name, svg, size] of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(path.join(out, name));
  console.log(`public/icons/${name} (${size}×${size})`);
}
