/**
 * `npx tsx --conditions=react-server scripts/demo-art.ts`: writes the demo catalogue's artwork to public/demo/art/
 * (committed; the seed points titles and artists at these files):
 *   <slug>-poster.svg  720×1280 (9:16)   <slug>-banner.svg  1920×1080   artist-<slug>.svg  512×512
 * Deterministic: the same seed data gives byte-identical files. Each title gets its own dark palette and a motif drawn
 * from its primary genre (skyline, rain, shards, moon and volcano …), soft bokeh and film grain; posters add bold wrapped
 * title type, a genre label, its tagline and a small brand mark, banners carry no text (see banner()).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publicEnv } from '../lib/env';
import { ARTISTS, GENRES, TITLES, type SeedTitle } from '../lib/server/db/seed-data';

const OUT = path.resolve(import.meta.dirname, '..', 'public', 'demo', 'art');
const BRAND = publicEnv.NEXT_PUBLIC_BRAND_NAME.toUpperCase();
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

type Palette = { top: string; bottom: string; glow: string; glow2: string; accent: string };

/** Hand-picked, all dark and moody; the accent carries the mood of the title. */
const PALETTES: Record<string, Palette> = {
  'lihim-ng-bilyonaryo': { top: '#0b0a1f', bottom: '#2a0d2e', glow: '#d4a24c', glow2: '#7a1f4f', accent: '#f2c66d' },
  'kasal-sa-kontrata': { top: '#1a0610', bottom: '#3d0b1e', glow: '#ff4f7b', glow2: '#6b1030', accent: '#ff8fab' },
  'boss-kong-masungit': { top: '#06141f', bottom: '#0e2d3f', glow: '#3fb6ff', glow2: '#1e4d8f', accent: '#8fd6ff' },
  'ganti-ng-inabandona': { top: '#0d0404', bottom: '#2b0707', glow: '#ff2a2a', glow2: '#5e0b0b', accent: '#ff6b5a' },
  'anak-ng-mayor': { top: '#0e0b05', bottom: '#2b2110', glow: '#e0a84a', glow2: '#5a3b12', accent: '#f0c987' },
  'ang-diwata-ng-taal': { top: '#030d14', bottom: '#0a2b2e', glow: '#46e3c8', glow2: '#2b3f8f', accent: '#9af5e3' },
  'swipe-right-sa-tadhana': { top: '#1a0624', bottom: '#3a0d3f', glow: '#ff7ad9', glow2: '#ffb13b', accent: '#ffd166' },
  'huwag-mo-akong-iwan': { top: '#05070f', bottom: '#141d33', glow: '#7aa2ff', glow2: '#3b2b6b', accent: '#b8ccff' },
  'mga-lihim-sa-forbes-park': { top: '#03100a', bottom: '#0c2618', glow: '#4dd68c', glow2: '#0f4d3a', accent: '#a6f0c6' },
  'ang-huling-sayaw': { top: '#14030f', bottom: '#32092b', glow: '#ff5ea8', glow2: '#7b2ff7', accent: '#ffa3d1' },
  'gabi-ng-paghihiganti': { top: '#050505', bottom: '#1f0606', glow: '#ff3b30', glow2: '#3a3a3a', accent: '#ff453a' },
  'kape-at-kilig': { top: '#140b05', bottom: '#3b2210', glow: '#ffb870', glow2: '#c2410c', accent: '#ffd6a5' },
  'ulan-sa-baguio': { top: '#040a12', bottom: '#10263a', glow: '#6fb7ff', glow2: '#2d5a7b', accent: '#bfe1ff' },
  'ang-sekretarya': { top: '#0a0507', bottom: '#26101a', glow: '#c9184a', glow2: '#3d0c1f', accent: '#ff758f' },
  'multo-sa-opisina': { top: '#06100c', bottom: '#0f2a22', glow: '#7cff6b', glow2: '#1f6f5c', accent: '#c5ffb8' },
  'tahan-na-mahal': { top: '#0f0a12', bottom: '#2a1d33', glow: '#f4a261', glow2: '#6d3b8c', accent: '#ffcf99' },
  'halik-sa-dilim': { top: '#040308', bottom: '#160b24', glow: '#9d4edd', glow2: '#ff2e63', accent: '#d0a2ff' },
};

// ---------------------------------------------------------------------------------------------------------------------
// Helpers

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;

function fallbackPalette(slug: string): Palette {
  const h = hash(slug) % 360;
  return {
    top: `hsl(${h} 60% 5%)`,
    bottom: `hsl(${(h + 20) % 360} 55% 14%)`,
    glow: `hsl(${(h + 180) % 360} 90% 60%)`,
    glow2: `hsl(${(h + 40) % 360} 70% 30%)`,
    accent: `hsl(${(h + 180) % 360} 90% 75%)`,
  };
}

/** Greedy word wrap at `max` characters per line (a word longer than max gets its own line). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (!line) line = word;
    else if ((line + ' ' + word).length <= max) line += ' ' + word;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Approximate advance width of bold uppercase sans-serif, in em. */
const EM_PER_CHAR = 0.8; // generous: DejaVu Sans Bold caps run ~0.75 em, SF/Segoe narrower

function genreName(slug: string): string {
  return GENRES.find((g) => g.slug === slug)?.name ?? slug;
}

// ---------------------------------------------------------------------------------------------------------------------
// Shared defs

function defs(id: string, p: Palette, w: number, h: number): string {
  return `
  <defs>
    <linearGradient id="${id}-bg" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${p.top}"/>
      <stop offset="1" stop-color="${p.bottom}"/>
    </linearGradient>
    <radialGradient id="${id}-glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${p.glow}" stop-opacity="0.85"/>
      <stop offset="0.45" stop-color="${p.glow}" stop-opacity="0.25"/>
      <stop offset="1" stop-color="${p.glow}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="${id}-glow2" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${p.glow2}" stop-opacity="0.9"/>
      <stop offset="1" stop-color="${p.glow2}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="${id}-vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.75"/>
    </radialGradient>
    <linearGradient id="${id}-fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.92"/>
    </linearGradient>
    <linearGradient id="${id}-fadeleft" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.9"/>
      <stop offset="0.55" stop-color="#000" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="${id}-title" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="${p.accent}"/>
    </linearGradient>
    <linearGradient id="${id}-silhouette" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.95"/>
    </linearGradient>
    <filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(w / 90)}"/></filter>
    <filter id="${id}-softblur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(w / 360)}"/></filter>
    <filter id="${id}-shadow" x="-20%" y="-20%" width="140%" height="140%">
      <feDropShadow dx="0" dy="${r1(h / 320)}" stdDeviation="${r1(h / 160)}" flood-color="#000" flood-opacity="0.8"/>
    </filter>
    <filter id="${id}-grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" stitchTiles="stitch" result="n"/>
      <feColorMatrix type="saturate" values="0"/>
      <feComponentTransfer><feFuncA type="table" tableValues="0 0.09"/></feComponentTransfer>
    </filter>
  </defs>`;
}

function bokeh(rand: () => number, p: Palette, w: number, h: number, count: number, id: string): string {
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = r1((0.012 + rand() * 0.06) * Math.min(w, h * 0.75));
    const color = rand() < 0.6 ? p.glow : p.accent;
    const opacity = r1(0.08 + rand() * 0.28 * 10) / 10;
    const blurred = rand() < 0.55;
    dots.push(
      `<circle cx="${r1(rand() * w)}" cy="${r1(rand() * h * 0.8)}" r="${r}" fill="${color}" fill-opacity="${opacity}"${blurred ? ` filter="url(#${id}-softblur)"` : ` stroke="${color}" stroke-opacity="${r1(opacity + 0.1)}" stroke-width="${r1(w / 600)}"`}/>`,
    );
  }
  return `<g>${dots.join('')}</g>`;
}

// ---------------------------------------------------------------------------------------------------------------------
// Motifs, drawn in a box (x, y, w, h) that is the picture area (whole poster, right part of a banner)

type Box = { x: number; y: number; w: number; h: number };

function motif(genre: string, rand: () => number, p: Palette, b: Box, id: string): string {
  const { x, y, w, h } = b;
  const ground = y + h * 0.78;
  switch (genre) {
    case 'office-romance': {
      // Night skyline with lit windows.
      const parts: string[] = [];
      let cx = x - w * 0.02;
      while (cx < x + w) {
        const bw = w * (0.08 + rand() * 0.1);
        const bh = h * (0.22 + rand() * 0.4);
        const top = ground - bh;
        parts.push(`<rect x="${r1(cx)}" y="${r1(top)}" width="${r1(bw)}" height="${r1(bh + h)}" fill="url(#${id}-silhouette)"/>`);
        const cols = Math.max(2, Math.floor(bw / (w * 0.025)));
        const rows = Math.floor(bh / (h * 0.028));
        for (let r = 1; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            if (rand() < 0.28) {
              parts.push(
                `<rect x="${r1(cx + (c + 0.3) * (bw / cols))}" y="${r1(top + r * h * 0.028)}" width="${r1((bw / cols) * 0.4)}" height="${r1(h * 0.012)}" fill="${rand() < 0.8 ? p.accent : p.glow}" fill-opacity="${r1(0.35 + rand() * 0.5)}"/>`,
              );
            }
          }
        }
        cx += bw + w * 0.008;
      }
      return `<g>${parts.join('')}</g>`;
    }
    case 'drama': {
      // Rain streaks over a low window light.
      const lines: string[] = [];
      for (let i = 0; i < 140; i++) {
        const lx = x + rand() * w * 1.1;
        const ly = y + rand() * h;
        const len = h * (0.03 + rand() * 0.07);
        lines.push(`<line x1="${r1(lx)}" y1="${r1(ly)}" x2="${r1(lx - len * 0.18)}" y2="${r1(ly + len)}" stroke="${p.accent}" stroke-opacity="${r1(0.06 + rand() * 0.22)}" stroke-width="${r1(1 + rand() * 1.6)}" stroke-linecap="round"/>`);
      }
      return `<g>${lines.join('')}</g>`;
    }
    case 'revenge': {
      // Shattered glass shards and a red slash.
      const shards: string[] = [];
      const cxm = x + w * 0.55;
      const cym = y + h * 0.38;
      for (let i = 0; i < 16; i++) {
        const a = (i / 16) * Math.PI * 2 + rand() * 0.3;
        const a2 = a + 0.25 + rand() * 0.3;
        const r1a = w * (0.08 + rand() * 0.15);
        const r2a = w * (0.45 + rand() * 0.4);
        const pts = [
          [cxm + Math.cos(a) * r1a, cym + Math.sin(a) * r1a],
          [cxm + Math.cos(a) * r2a, cym + Math.sin(a) * r2a],
          [cxm + Math.cos(a2) * r2a * 0.9, cym + Math.sin(a2) * r2a * 0.9],
        ];
        shards.push(
          `<polygon points="${pts.map(([px, py]) => `${r1(px)},${r1(py)}`).join(' ')}" fill="${p.glow}" fill-opacity="${r1(rand() * 0.12)}" stroke="${p.accent}" stroke-opacity="${r1(0.2 + rand() * 0.35)}" stroke-width="${r1(w / 500)}"/>`,
        );
      }
      const slash = `<path d="M ${r1(x + w * 0.05)} ${r1(y + h * 0.62)} L ${r1(x + w * 0.98)} ${r1(y + h * 0.12)}" stroke="${p.glow}" stroke-width="${r1(w / 90)}" stroke-linecap="round" stroke-opacity="0.7" filter="url(#${id}-softblur)"/>`;
      return `<g>${shards.join('')}${slash}</g>`;
    }
    case 'family-secrets': {
      // A mansion silhouette with one lit window, tall trees, and a keyhole of light.
      const mx = x + w * 0.18;
      const mw = w * 0.64;
      const mt = ground - h * 0.2;
      const roof = `M ${r1(mx - w * 0.03)} ${r1(mt)} L ${r1(mx + mw / 2)} ${r1(mt - h * 0.1)} L ${r1(mx + mw + w * 0.03)} ${r1(mt)} Z`;
      const windows: string[] = [];
      for (let i = 0; i < 5; i++) {
        const lit = i === 3;
        windows.push(`<rect x="${r1(mx + mw * (0.08 + i * 0.18))}" y="${r1(mt + h * 0.04)}" width="${r1(mw * 0.08)}" height="${r1(h * 0.06)}" fill="${lit ? p.accent : '#000'}" fill-opacity="${lit ? 0.9 : 0.5}"${lit ? ` filter="url(#${id}-softblur)"` : ''}/>`);
      }
      const trees: string[] = [];
      for (let i = 0; i < 7; i++) {
        // Trees flank the house rather than stand in front of it.
        const tx = rand() < 0.5 ? x + rand() * (mx - x - w * 0.04) : mx + mw + w * 0.04 + rand() * (x + w - mx - mw);
        const th = h * (0.25 + rand() * 0.25);
        trees.push(`<path d="M ${r1(tx)} ${r1(ground - th)} L ${r1(tx + w * 0.05)} ${r1(ground + 2)} L ${r1(tx - w * 0.05)} ${r1(ground + 2)} Z" fill="#000" fill-opacity="0.8"/>`);
      }
      const keyX = x + w * 0.5;
      const keyY = y + h * 0.3;
      const key = `<g fill="${p.glow}" fill-opacity="0.35" filter="url(#${id}-softblur)"><circle cx="${r1(keyX)}" cy="${r1(keyY)}" r="${r1(w * 0.07)}"/><path d="M ${r1(keyX - w * 0.04)} ${r1(keyY + w * 0.04)} L ${r1(keyX + w * 0.04)} ${r1(keyY + w * 0.04)} L ${r1(keyX + w * 0.07)} ${r1(keyY + w * 0.26)} L ${r1(keyX - w * 0.07)} ${r1(keyY + w * 0.26)} Z"/></g>`;
      return `<g>${key}<rect x="${r1(mx)}" y="${r1(mt)}" width="${r1(mw)}" height="${r1(h)}" fill="url(#${id}-silhouette)"/><path d="${roof}" fill="#000" fill-opacity="0.8"/>${windows.join('')}${trees.join('')}</g>`;
    }
    case 'thriller': {
      // Venetian-blind light bars and a spotlight ring.
      const bars: string[] = [];
      for (let i = 0; i < 11; i++) {
        bars.push(`<rect x="${r1(x - w * 0.2)}" y="${r1(y + h * (0.08 + i * 0.06))}" width="${r1(w * 1.4)}" height="${r1(h * 0.022)}" fill="${p.accent}" fill-opacity="${r1(0.05 + (i % 3) * 0.03)}" transform="rotate(-14 ${r1(x + w / 2)} ${r1(y + h / 2)})"/>`);
      }
      const ring = `<circle cx="${r1(x + w * 0.62)}" cy="${r1(y + h * 0.33)}" r="${r1(w * 0.24)}" fill="none" stroke="${p.glow}" stroke-opacity="0.35" stroke-width="${r1(w / 140)}"/><circle cx="${r1(x + w * 0.62)}" cy="${r1(y + h * 0.33)}" r="${r1(w * 0.33)}" fill="none" stroke="${p.glow}" stroke-opacity="0.15" stroke-width="${r1(w / 300)}"/>`;
      return `<g>${bars.join('')}${ring}</g>`;
    }
    case 'comedy': {
      // Sunburst rays and confetti.
      const rays: string[] = [];
      const cxm = x + w * 0.5;
      const cym = y + h * 0.32;
      for (let i = 0; i < 18; i++) {
        const a = (i / 18) * Math.PI * 2;
        const a2 = a + Math.PI / 36;
        const R = Math.max(w, h);
        rays.push(`<polygon points="${r1(cxm)},${r1(cym)} ${r1(cxm + Math.cos(a) * R)},${r1(cym + Math.sin(a) * R)} ${r1(cxm + Math.cos(a2) * R)},${r1(cym + Math.sin(a2) * R)}" fill="${p.accent}" fill-opacity="0.05"/>`);
      }
      const confetti: string[] = [];
      for (let i = 0; i < 60; i++) {
        const cw = w * (0.008 + rand() * 0.014);
        confetti.push(`<rect x="${r1(x + rand() * w)}" y="${r1(y + rand() * h * 0.7)}" width="${r1(cw)}" height="${r1(cw * 2.2)}" rx="${r1(cw / 3)}" fill="${rand() < 0.5 ? p.glow : p.glow2}" fill-opacity="${r1(0.35 + rand() * 0.5)}" transform="rotate(${Math.round(rand() * 180)} ${r1(x + w / 2)} ${r1(y + h / 2)})"/>`);
      }
      return `<g>${rays.join('')}${confetti.join('')}</g>`;
    }
    case 'fantasy': {
      // Crescent moon, stars, and a volcano over a still lake.
      const mx = x + w * 0.66;
      const my = y + h * 0.2;
      const mr = w * 0.13;
      const stars: string[] = [];
      for (let i = 0; i < 70; i++) {
        stars.push(`<circle cx="${r1(x + rand() * w)}" cy="${r1(y + rand() * h * 0.55)}" r="${r1(0.6 + rand() * 2.2)}" fill="#fff" fill-opacity="${r1(0.2 + rand() * 0.7)}"/>`);
      }
      const moon = `<mask id="${id}-crescent"><circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr)}" fill="#fff"/><circle cx="${r1(mx + mr * 0.45)}" cy="${r1(my - mr * 0.2)}" r="${r1(mr * 0.9)}" fill="#000"/></mask><circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr * 2.2)}" fill="url(#${id}-glow)" fill-opacity="0.6"/><circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr)}" fill="${p.accent}" fill-opacity="0.95" mask="url(#${id}-crescent)"/>`;
      const lake = ground - h * 0.05;
      const volcano = `<path d="M ${r1(x - w * 0.05)} ${r1(lake)} L ${r1(x + w * 0.3)} ${r1(lake - h * 0.2)} L ${r1(x + w * 0.42)} ${r1(lake - h * 0.21)} L ${r1(x + w * 0.8)} ${r1(lake)} Z" fill="#000" fill-opacity="0.85"/>`;
      const reflection = `<path d="M ${r1(x - w * 0.05)} ${r1(lake)} L ${r1(x + w * 0.3)} ${r1(lake + h * 0.12)} L ${r1(x + w * 0.42)} ${r1(lake + h * 0.125)} L ${r1(x + w * 0.8)} ${r1(lake)} Z" fill="#000" fill-opacity="0.35"/>`;
      const ripples = [0.02, 0.045, 0.07]
        .map((d, i) => `<line x1="${r1(x + w * (0.2 + i * 0.1))}" y1="${r1(lake + h * d)}" x2="${r1(x + w * (0.55 + i * 0.1))}" y2="${r1(lake + h * d)}" stroke="${p.accent}" stroke-opacity="0.25" stroke-width="1.5"/>`)
        .join('');
      return `<g>${stars.join('')}${moon}${volcano}${reflection}${ripples}</g>`;
    }
    case 'romance':
    default: {
      // Two warm lights drifting together, falling petals, a thin heart of light.
      const petals: string[] = [];
      for (let i = 0; i < 26; i++) {
        const px = x + rand() * w;
        const py = y + rand() * h * 0.75;
        const pr = w * (0.008 + rand() * 0.016);
        petals.push(`<ellipse cx="${r1(px)}" cy="${r1(py)}" rx="${r1(pr)}" ry="${r1(pr * 0.55)}" fill="${p.accent}" fill-opacity="${r1(0.25 + rand() * 0.45)}" transform="rotate(${Math.round(rand() * 180)} ${r1(px)} ${r1(py)})"/>`);
      }
      const hx = x + w * 0.5;
      const hy = y + h * 0.3;
      const s = w * 0.22;
      const heart = `<path d="M ${r1(hx)} ${r1(hy + s * 0.9)} C ${r1(hx - s * 1.3)} ${r1(hy + s * 0.1)} ${r1(hx - s * 0.8)} ${r1(hy - s * 0.9)} ${r1(hx)} ${r1(hy - s * 0.3)} C ${r1(hx + s * 0.8)} ${r1(hy - s * 0.9)} ${r1(hx + s * 1.3)} ${r1(hy + s * 0.1)} ${r1(hx)} ${r1(hy + s * 0.9)} Z" fill="none" stroke="${p.accent}" stroke-opacity="0.45" stroke-width="${r1(w / 260)}"/>`;
      const lights = `<circle cx="${r1(x + w * 0.36)}" cy="${r1(y + h * 0.32)}" r="${r1(w * 0.26)}" fill="url(#${id}-glow)" fill-opacity="0.7"/><circle cx="${r1(x + w * 0.64)}" cy="${r1(y + h * 0.3)}" r="${r1(w * 0.24)}" fill="url(#${id}-glow2)" fill-opacity="0.8"/>`;
      return `<g>${lights}${heart}<g filter="url(#${id}-softblur)">${petals.slice(0, 10).join('')}</g>${petals.slice(10).join('')}</g>`;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Poster and banner

function badgeText(t: SeedTitle): string {
  if (t.episodes.length === 0) return 'MALAPIT NA';
  return t.type === 1 ? `${BRAND} ORIGINAL MOVIE` : `${BRAND} ORIGINAL SERIES`;
}

function brandMark(x: number, y: number, size: number, p: Palette): string {
  return `<g font-family="${FONT}" font-weight="900"><text x="${x}" y="${y}" font-size="${size}" letter-spacing="${r1(size * 0.18)}" fill="#fff" fill-opacity="0.92">${esc(BRAND)}</text><circle cx="${r1(x + BRAND.length * size * 0.8 + size * 0.15)}" cy="${r1(y - size * 0.62)}" r="${r1(size * 0.16)}" fill="${p.accent}"/></g>`;
}

function poster(t: SeedTitle): string {
  const W = 720;
  const H = 1280;
  const id = 'p';
  const p = PALETTES[t.slug] ?? fallbackPalette(t.slug);
  const rand = rng(hash(`poster:${t.slug}`));
  const genre = t.genres[0] ?? 'romance';

  const name = t.name.toUpperCase();
  const lines = wrap(name, name.length > 22 ? 11 : 10);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(124, Math.floor((W - 96) / (longest * EM_PER_CHAR)));
  const lineH = size * 1.0;
  const taglineLines = wrap(t.tagline, 34).slice(0, 3);
  const tagSize = 27;
  const bottom = H - 120;
  const taglineTop = bottom - (taglineLines.length - 1) * tagSize * 1.35;
  const titleBottom = taglineTop - tagSize * 1.9;
  const titleTop = titleBottom - (lines.length - 1) * lineH;
  const genreY = titleTop - size * 0.95;
  const label = t.genres.slice(0, 2).map(genreName).join('  ·  ').toUpperCase();

  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t.name)} poster">
  <title>${esc(t.name)}</title>${defs(id, p, W, H)}
  <rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>
  <circle cx="${r1(W * (0.2 + rand() * 0.6))}" cy="${r1(H * (0.22 + rand() * 0.15))}" r="${r1(W * 0.7)}" fill="url(#${id}-glow)" fill-opacity="0.55"/>
  <circle cx="${r1(W * (0.1 + rand() * 0.8))}" cy="${r1(H * (0.45 + rand() * 0.15))}" r="${r1(W * 0.55)}" fill="url(#${id}-glow2)" fill-opacity="0.6"/>
  ${bokeh(rand, p, W, H, 22, id)}
  ${motif(genre, rand, p, { x: 0, y: 0, w: W, h: H * 0.78 }, id)}
  <rect y="${r1(H * 0.42)}" width="${W}" height="${r1(H * 0.58)}" fill="url(#${id}-fade)"/>
  <rect width="${W}" height="${H}" fill="url(#${id}-vignette)"/>
  <rect width="${W}" height="${H}" filter="url(#${id}-grain)" opacity="0.9"/>
  ${brandMark(48, 84, 34, p)}
  <text x="${W - 48}" y="82" text-anchor="end" font-family="${FONT}" font-size="17" font-weight="700" letter-spacing="4" fill="#fff" fill-opacity="0.7">${esc(badgeText(t))}</text>
  <g font-family="${FONT}">
    <rect x="48" y="${r1(genreY - 24)}" width="40" height="4" fill="${p.accent}"/>
    <text x="100" y="${r1(genreY - 14)}" font-size="20" font-weight="700" letter-spacing="5" fill="${p.accent}">${esc(label)}</text>
    <g filter="url(#${id}-shadow)" font-weight="900" font-size="${size}" letter-spacing="${r1(size * -0.01)}" fill="url(#${id}-title)">
      ${lines.map((l, i) => `<text x="48" y="${r1(titleTop + i * lineH)}">${esc(l)}</text>`).join('\n      ')}
    </g>
    <g font-size="${tagSize}" font-style="italic" fill="#fff" fill-opacity="0.82">
      ${taglineLines.map((l, i) => `<text x="48" y="${r1(taglineTop + i * tagSize * 1.35)}">${esc(l)}</text>`).join('\n      ')}
    </g>
    <text x="48" y="${H - 56}" font-size="18" font-weight="700" letter-spacing="4" fill="#fff" fill-opacity="0.55">${t.releaseYear}  ·  ${t.type === 1 ? 'PELIKULA' : t.episodes.length ? `${t.episodes.length} EPISODES` : 'COMING SOON'}  ·  18+</text>
  </g>
</svg>
`;
}

/**
 * A banner is art only (issue 22): the home carousel and the fandom cards lay the title's name, type and story over it
 * in the page's language, and a name baked into the art showed, cropped, behind that title on phones. So no text here:
 * the palette, the glows, the genre's motif on the right, and the fades that keep the left side dark for the page's copy.
 */
function banner(t: SeedTitle): string {
  const W = 1920;
  const H = 1080;
  const id = 'b';
  const p = PALETTES[t.slug] ?? fallbackPalette(t.slug);
  const rand = rng(hash(`banner:${t.slug}`));
  const genre = t.genres[0] ?? 'romance';

  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t.name)} banner">
  <title>${esc(t.name)}</title>${defs(id, p, W, H)}
  <rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>
  <circle cx="${r1(W * (0.6 + rand() * 0.2))}" cy="${r1(H * (0.3 + rand() * 0.2))}" r="${r1(W * 0.42)}" fill="url(#${id}-glow)" fill-opacity="0.6"/>
  <circle cx="${r1(W * (0.35 + rand() * 0.2))}" cy="${r1(H * (0.6 + rand() * 0.2))}" r="${r1(W * 0.35)}" fill="url(#${id}-glow2)" fill-opacity="0.55"/>
  ${bokeh(rand, p, W, H, 30, id)}
  ${motif(genre, rand, p, { x: W * 0.42, y: 0, w: W * 0.58, h: H }, id)}
  <rect width="${r1(W * 0.75)}" height="${H}" fill="url(#${id}-fadeleft)"/>
  <rect y="${r1(H * 0.55)}" width="${W}" height="${r1(H * 0.45)}" fill="url(#${id}-fade)" opacity="0.8"/>
  <rect width="${W}" height="${H}" fill="url(#${id}-vignette)" opacity="0.8"/>
  <rect width="${W}" height="${H}" filter="url(#${id}-grain)" opacity="0.9"/>
</svg>
`;
}

function artistPortrait(slug: string, name: string): string {
  const S = 512;
  const id = 'a';
  const rand = rng(hash(`artist:${slug}`));
  const hue = Math.floor(rand() * 360);
  const p: Palette = {
    top: `hsl(${hue} 55% 10%)`,
    bottom: `hsl(${(hue + 40) % 360} 60% 22%)`,
    glow: `hsl(${(hue + 20) % 360} 90% 62%)`,
    glow2: `hsl(${(hue + 300) % 360} 70% 40%)`,
    accent: `hsl(${(hue + 20) % 360} 95% 80%)`,
  };
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}" role="img" aria-label="${esc(name)}">
  <title>${esc(name)}</title>${defs(id, p, S, S)}
  <rect width="${S}" height="${S}" fill="url(#${id}-bg)"/>
  <circle cx="${r1(S * (0.3 + rand() * 0.4))}" cy="${r1(S * 0.35)}" r="${r1(S * 0.55)}" fill="url(#${id}-glow)" fill-opacity="0.6"/>
  <circle cx="${r1(S * (0.3 + rand() * 0.4))}" cy="${r1(S * 0.8)}" r="${r1(S * 0.45)}" fill="url(#${id}-glow2)" fill-opacity="0.7"/>
  ${bokeh(rand, p, S, S, 12, id)}
  <circle cx="${S / 2}" cy="${S / 2}" r="${S * 0.36}" fill="none" stroke="${p.accent}" stroke-opacity="0.5" stroke-width="3"/>
  <rect width="${S}" height="${S}" fill="url(#${id}-vignette)"/>
  <rect width="${S}" height="${S}" filter="url(#${id}-grain)" opacity="0.8"/>
  <text x="${S / 2}" y="${S / 2 + 58}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="168" letter-spacing="4" fill="#fff" filter="url(#${id}-shadow)">${esc(initials)}</text>
</svg>
`;
}

function main() {
  mkdirSync(OUT, { recursive: true });
  let n = 0;
  for (const t of TITLES) {
    writeFileSync(path.join(OUT, `${t.slug}-poster.svg`), poster(t));
    writeFileSync(path.join(OUT, `${t.slug}-banner.svg`), banner(t));
    n += 2;
  }
  for (const a of ARTISTS) {
    writeFileSync(path.join(OUT, `artist-${a.slug}.svg`), artistPortrait(a.slug, a.name));
    n++;
  }
  console.log(`[demo-art] wrote ${n} files to ${path.relative(process.cwd(), OUT)}`);
}

main();
