import 'server-only';

/**
 * ISO BMFF (MP4) box reader and writer, just enough for the CENC encryptor.
 *
 * Why our own: no MP4 library is installed and none is needed. A box is parsed into a tree where containers keep
 * their children and leaves keep their payload verbatim, so `serializeBox(parseBoxes(x))` gives back `x` byte for
 * byte (sizes are always recomputed; a box is written with a 64-bit size only when it needs one, so an input that
 * used a needless 64-bit size would come back 8 bytes shorter, which ffmpeg never writes).
 *
 * Some containers carry fixed fields before their children (`stsd`: version/flags + entry count; visual sample
 * entries: 78 bytes; audio sample entries: 28 bytes, more for QuickTime v1/v2). Those bytes live in `data` and the
 * children follow them.
 */

export interface Box {
  /** Four-character code, e.g. `moov`. */
  type: string;
  /** Leaf: the whole payload. Container: the fixed fields before the children (often empty). */
  data: Buffer;
  /** Present for container boxes. */
  children?: Box[];
  /** Offset of the box header in the buffer it was parsed from (absent for boxes built in memory). */
  offset?: number;
  /** Total size (header included) when parsed. */
  size?: number;
}

const PLAIN_CONTAINERS = new Set([
  'moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'dinf', 'edts', 'sinf', 'schi', 'mfra', 'rinf',
]);
const VISUAL_ENTRIES = new Set(['avc1', 'avc3', 'encv', 'hvc1', 'hev1', 'mp4v', 'vp09', 'av01']);
const AUDIO_ENTRIES = new Set(['mp4a', 'enca', 'ac-3', 'ec-3', 'Opus', 'fLaC']);

/** Bytes of fixed fields before the children, or undefined for a leaf box. */
function containerPrefix(type: string, payload: Buffer): number | undefined {
  if (PLAIN_CONTAINERS.has(type)) return 0;
  if (type === 'stsd') return 8;
  if (VISUAL_ENTRIES.has(type)) return 78;
  if (AUDIO_ENTRIES.has(type)) {
    // SampleEntry (8) + AudioSampleEntry (20); QuickTime sound description v1 adds 16 bytes, v2 adds 36.
    const version = payload.length >= 10 ? payload.readUInt16BE(8) : 0;
    return version === 1 ? 44 : version === 2 ? 64 : 28;
  }
  return undefined;
}

export function isContainerType(type: string): boolean {
  return PLAIN_CONTAINERS.has(type) || type === 'stsd' || VISUAL_ENTRIES.has(type) || AUDIO_ENTRIES.has(type);
}

/** Parse consecutive boxes in `buf[start, end)`. Offsets are relative to `buf`. */
export function parseBoxes(buf: Buffer, start = 0, end = buf.length): Box[] {
  const boxes: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) throw new Error(`truncated box header at ${pos}`);
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (end - pos < 16) throw new Error(`truncated 64-bit box header at ${pos}`);
      const big = buf.readBigUInt64BE(pos + 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`box ${type} too large`);
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header || pos + size > end) {
      throw new Error(`box '${type}' at ${pos} has size ${size}, beyond the ${end - pos} bytes available`);
    }
    const payload = buf.subarray(pos + header, pos + size);
    const prefix = containerPrefix(type, payload);
    const box: Box = { type, data: payload, offset: pos, size };
    if (prefix !== undefined && payload.length >= prefix) {
      box.data = payload.subarray(0, prefix);
      box.children = parseBoxes(buf, pos + header + prefix, pos + size);
    }
    boxes.push(box);
    pos += size;
  }
  return boxes;
}

function payloadSize(box: Box): number {
  let n = box.data.length;
  for (const c of box.children ?? []) n += boxSize(c);
  return n;
}

/** Total serialised size of a box, header included. */
export function boxSize(box: Box): number {
  const p = payloadSize(box);
  return p + 8 > 0xffffffff ? p + 16 : p + 8;
}

function writeBox(box: Box, out: Buffer, pos: number): number {
  if (box.type.length !== 4) throw new Error(`bad box type '${box.type}'`);
  const size = boxSize(box);
  if (size > 0xffffffff) {
    out.writeUInt32BE(1, pos);
    out.write(box.type, pos + 4, 'latin1');
    out.writeBigUInt64BE(BigInt(size), pos + 8);
    pos += 16;
  } else {
    out.writeUInt32BE(size, pos);
    out.write(box.type, pos + 4, 'latin1');
    pos += 8;
  }
  pos += box.data.copy(out, pos);
  for (const c of box.children ?? []) pos = writeBox(c, out, pos);
  return pos;
}

export function serializeBox(box: Box): Buffer {
  return serializeBoxes([box]);
}

export function serializeBoxes(boxes: Box[]): Buffer {
  const out = Buffer.alloc(boxes.reduce((n, b) => n + boxSize(b), 0));
  let pos = 0;
  for (const b of boxes) pos = writeBox(b, out, pos);
  return out;
}

/** A leaf box. */
export function leafBox(type: string, data: Buffer): Box {
  return { type, data };
}

/** A full box (version + 24-bit flags) with the given body. */
export function fullBox(type: string, version: number, flags: number, body: Buffer): Box {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return { type, data: Buffer.concat([head, body]) };
}

export function containerBox(type: string, children: Box[], data: Buffer = Buffer.alloc(0)): Box {
  return { type, data, children };
}

/** Version and flags of a full box (from its payload). */
export function fullBoxHeader(box: Box): { version: number; flags: number } {
  if (box.data.length < 4) throw new Error(`'${box.type}' is too short for a full box`);
  const v = box.data.readUInt32BE(0);
  return { version: v >>> 24, flags: v & 0xffffff };
}

export function child(box: Box, type: string): Box | undefined {
  return box.children?.find((c) => c.type === type);
}

export function children(box: Box, type: string): Box[] {
  return box.children?.filter((c) => c.type === type) ?? [];
}

/** The first box along a slash path, e.g. `find(boxes, 'moov/mvex/trex')`. */
export function find(boxes: Box[], path: string): Box | undefined {
  return findAll(boxes, path)[0];
}

/** Every box along a slash path (each step may match several boxes). */
export function findAll(boxes: Box[], path: string): Box[] {
  let level = boxes;
  const steps = path.split('/');
  for (let i = 0; i < steps.length; i++) {
    const matches = level.filter((b) => b.type === steps[i]);
    if (i === steps.length - 1) return matches;
    level = matches.flatMap((b) => b.children ?? []);
  }
  return [];
}

/** Depth-first search for every box of a type. */
export function walk(boxes: Box[], type: string): Box[] {
  const found: Box[] = [];
  const visit = (list: Box[]) => {
    for (const b of list) {
      if (b.type === type) found.push(b);
      if (b.children) visit(b.children);
    }
  };
  visit(boxes);
  return found;
}
