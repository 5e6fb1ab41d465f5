import 'server-only';
import { createCipheriv, randomBytes } from 'node:crypto';
import { type Box, child, fullBox, fullBoxHeader, parseBoxes, serializeBox } from './boxes';
import type { TrackInfo, TrackMap } from './init-segment';

/**
 * Media segment (moof + mdat) encryption, CENC 'cenc' scheme: AES-128-CTR, 8-byte per-sample IVs.
 *
 * Why by hand: ffmpeg 5.1 can write CENC into fragmented MP4, but without `senc`/`saiz`/`saio`, and Chromium then
 * refuses the fragments ("Sample encryption info is not available"). So for each `traf` we:
 *   1. locate every sample in the `mdat` (trun data_offset + sample sizes from trun / tfhd / trex);
 *   2. encrypt it in place (CTR keeps lengths, so mdat keeps its size and layout). Audio: the whole sample.
 *      Video: subsample encryption. Each NAL unit's length prefix and header byte(s) stay clear, non-slice NAL units
 *      (SPS/PPS/SEI/AUD) stay entirely clear, and the protected part of a slice is trimmed to a multiple of 16 bytes,
 *      the remainder staying clear before it. 'cenc' does not require that alignment, but it is what hardware
 *      decoders and other packagers expect and it costs nothing. The CTR keystream runs on across the protected
 *      ranges of one sample (counter = IV || 64-bit block counter from 0), which is exactly what node's
 *      aes-128-ctr cipher does when fed the ranges in order;
 *   3. add `saiz` (aux info sizes), `saio` (one offset, pointing at the first IV inside `senc`) and `senc`
 *      (IVs, and subsample maps with flags 0x2 for video) to the traf;
 *   4. since moof grew, rewrite every trun data_offset (always written, relative to the moof: tfhd is normalised to
 *      default-base-is-moof without base_data_offset), fix the moof size, and remap `sidx` sizes/offsets if any.
 * Tracks missing from the track map (subtitles, metadata) are left clear but their offsets are still fixed.
 */

const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TFHD_DEFAULT_SIZE = 0x10;
const TFHD_DEFAULT_FLAGS = 0x20;
const TFHD_DEFAULT_BASE_IS_MOOF = 0x20000;

const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_CTO = 0x800;

export const SENC_USE_SUBSAMPLES = 0x2;
export const IV_SIZE = 8;

interface Tfhd {
  flags: number;
  trackId: number;
  baseDataOffset?: number;
  sampleDescriptionIndex?: number;
  defaultSampleDuration?: number;
  defaultSampleSize?: number;
  defaultSampleFlags?: number;
}

export function parseTfhd(box: Box): Tfhd {
  const { flags } = fullBoxHeader(box);
  const d = box.data;
  const t: Tfhd = { flags, trackId: d.readUInt32BE(4) };
  let p = 8;
  if (flags & TFHD_BASE_DATA_OFFSET) {
    t.baseDataOffset = Number(d.readBigUInt64BE(p));
    p += 8;
  }
  const next = () => {
    p += 4;
    return d.readUInt32BE(p - 4);
  };
  if (flags & TFHD_SAMPLE_DESCRIPTION_INDEX) t.sampleDescriptionIndex = next();
  if (flags & TFHD_DEFAULT_DURATION) t.defaultSampleDuration = next();
  if (flags & TFHD_DEFAULT_SIZE) t.defaultSampleSize = next();
  if (flags & TFHD_DEFAULT_FLAGS) t.defaultSampleFlags = next();
  return t;
}

/** tfhd without base_data_offset and with default-base-is-moof: offsets become relative to the moof start. */
function normalisedTfhd(t: Tfhd): Box {
  const flags = (t.flags & ~TFHD_BASE_DATA_OFFSET) | TFHD_DEFAULT_BASE_IS_MOOF;
  const fields = [t.trackId];
  if (flags & TFHD_SAMPLE_DESCRIPTION_INDEX) fields.push(t.sampleDescriptionIndex!);
  if (flags & TFHD_DEFAULT_DURATION) fields.push(t.defaultSampleDuration!);
  if (flags & TFHD_DEFAULT_SIZE) fields.push(t.defaultSampleSize!);
  if (flags & TFHD_DEFAULT_FLAGS) fields.push(t.defaultSampleFlags!);
  const body = Buffer.alloc(fields.length * 4);
  fields.forEach((f, i) => body.writeUInt32BE(f >>> 0, i * 4));
  return fullBox('tfhd', 0, flags, body);
}

export interface Trun {
  version: number;
  flags: number;
  dataOffset?: number;
  /** Per-sample size when the trun carries one. */
  sampleSizes: (number | undefined)[];
  /** Bytes after sample_count and data_offset (first_sample_flags + sample records), kept verbatim. */
  rest: Buffer;
}

export function parseTrun(box: Box): Trun {
  const { version, flags } = fullBoxHeader(box);
  const d = box.data;
  const count = d.readUInt32BE(4);
  let p = 8;
  let dataOffset: number | undefined;
  if (flags & TRUN_DATA_OFFSET) {
    dataOffset = d.readInt32BE(p);
    p += 4;
  }
  const restStart = p;
  if (flags & TRUN_FIRST_SAMPLE_FLAGS) p += 4;
  const fieldCount = [TRUN_DURATION, TRUN_SIZE, TRUN_FLAGS, TRUN_CTO].filter((f) => flags & f).length;
  const sizeIndex = flags & TRUN_DURATION ? 1 : 0;
  const sampleSizes: (number | undefined)[] = [];
  for (let i = 0; i < count; i++) {
    sampleSizes.push(flags & TRUN_SIZE ? d.readUInt32BE(p + sizeIndex * 4) : undefined);
    p += fieldCount * 4;
  }
  if (p > d.length) throw new Error('truncated trun');
  return { version, flags, dataOffset, sampleSizes, rest: d.subarray(restStart, p) };
}

/** trun with a data_offset field (value patched later). */
function trunWithDataOffset(t: Trun): Box {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(t.sampleSizes.length);
  head.writeInt32BE(0, 4);
  return fullBox('trun', t.version, t.flags | TRUN_DATA_OFFSET, Buffer.concat([head, t.rest]));
}

export type Subsample = [clear: number, encrypted: number];

/** Clear/encrypted ranges of one length-prefixed video sample. */
export function videoSubsamples(sample: Buffer, info: Pick<TrackInfo, 'nalLengthSize' | 'nalFormat'>): Subsample[] {
  const lengthSize = info.nalLengthSize;
  const headerSize = info.nalFormat === 'hevc' ? 2 : 1;
  const out: Subsample[] = [];
  let clear = 0;
  let pos = 0;
  while (pos < sample.length) {
    if (pos + lengthSize > sample.length) throw new Error('truncated NAL length in video sample');
    const nalSize = sample.readUIntBE(pos, lengthSize);
    const end = pos + lengthSize + nalSize;
    if (nalSize === 0 || end > sample.length) throw new Error(`bad NAL size ${nalSize} at ${pos} of a ${sample.length}-byte sample`);
    const header = sample[pos + lengthSize];
    const nalType = info.nalFormat === 'hevc' ? (header >> 1) & 0x3f : header & 0x1f;
    const isSlice = info.nalFormat === 'hevc' ? nalType < 32 : nalType >= 1 && nalType <= 5;
    const payload = nalSize - headerSize;
    const encrypted = isSlice && payload > 0 ? payload - (payload % 16) : 0;
    clear += lengthSize + nalSize - encrypted;
    if (encrypted > 0) {
      out.push([clear, encrypted]);
      clear = 0;
    }
    pos = end;
  }
  if (clear > 0 || out.length === 0) out.push([clear, 0]);
  // BytesOfClearData is 16 bits: split long clear runs into (65535, 0) entries.
  const split: Subsample[] = [];
  for (const [clearBytes, encrypted] of out) {
    let c = clearBytes;
    while (c > 0xffff) {
      split.push([0xffff, 0]);
      c -= 0xffff;
    }
    split.push([c, encrypted]);
  }
  return split;
}

interface SampleRef {
  pos: number;
  size: number;
}

interface TrafPlan {
  traf: Box;
  tfhd: Tfhd;
  runs: { box: Box; trun: Trun; start: number }[];
  /** saiz/saio/senc to append, when the track is encrypted. */
  encryptionBoxes?: { saiz: Box; saio: Box; senc: Box };
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

function encryptTrafSamples(out: Buffer, samples: SampleRef[], info: TrackInfo, key: Buffer) {
  const ivs = randomBytes(IV_SIZE * samples.length);
  const video = info.kind === 'video';
  const entries: Buffer[] = [];
  const infoSizes: number[] = [];
  const counter = Buffer.alloc(16);
  samples.forEach(({ pos, size }, i) => {
    const iv = ivs.subarray(i * IV_SIZE, (i + 1) * IV_SIZE);
    iv.copy(counter, 0);
    const cipher = createCipheriv('aes-128-ctr', key, counter);
    if (!video) {
      cipher.update(out.subarray(pos, pos + size)).copy(out, pos);
      entries.push(iv);
      infoSizes.push(IV_SIZE);
      return;
    }
    const subsamples = videoSubsamples(out.subarray(pos, pos + size), info);
    const entry = Buffer.alloc(IV_SIZE + 2 + subsamples.length * 6);
    iv.copy(entry, 0);
    entry.writeUInt16BE(subsamples.length, IV_SIZE);
    let p = pos;
    subsamples.forEach(([c, e], j) => {
      entry.writeUInt16BE(c, IV_SIZE + 2 + j * 6);
      entry.writeUInt32BE(e, IV_SIZE + 4 + j * 6);
      p += c;
      if (e > 0) cipher.update(out.subarray(p, p + e)).copy(out, p);
      p += e;
    });
    if (entry.length > 0xff) throw new Error(`sample ${i} has ${subsamples.length} subsamples; saiz allows at most 40`);
    entries.push(entry);
    infoSizes.push(entry.length);
  });

  const senc = fullBox('senc', 0, video ? SENC_USE_SUBSAMPLES : 0, Buffer.concat([u32(samples.length), ...entries]));
  const uniform = infoSizes.every((s) => s === infoSizes[0]);
  const saizBody = Buffer.alloc(5 + (uniform ? 0 : infoSizes.length));
  saizBody[0] = uniform ? infoSizes[0] : 0;
  saizBody.writeUInt32BE(samples.length, 1);
  if (!uniform) infoSizes.forEach((s, i) => (saizBody[5 + i] = s));
  const saiz = fullBox('saiz', 0, 0, saizBody);
  const saio = fullBox('saio', 0, 0, Buffer.concat([u32(1), u32(0)]));
  return { saiz, saio, senc };
}

/**
 * Encrypt one media segment file (any number of moof+mdat pairs, optional styp/sidx/prft/emsg).
 * `tracks` comes from the matching init segment; `key` is the 16-byte content key.
 */
export function encryptSegment(segment: Buffer, tracks: TrackMap, key: Buffer): Buffer {
  if (key.length !== 16) throw new Error('content key must be 16 bytes');
  const top = parseBoxes(segment);
  const out = Buffer.from(segment); // sample data is encrypted in place in this copy
  const mdats = top
    .filter((b) => b.type === 'mdat')
    .map((b) => ({ box: b, start: b.offset! + (b.size! - b.data.length), end: b.offset! + b.size! }));
  const mdatOf = (pos: number, size: number) => {
    const m = mdats.find((x) => pos >= x.start && pos + size <= x.end);
    if (!m) throw new Error(`sample data at ${pos} (+${size}) is outside every mdat`);
    return m;
  };

  const newMoofs = new Map<Box, { bytes: Buffer; plans: TrafPlan[] }>();
  for (const moof of top.filter((b) => b.type === 'moof')) {
    const moofStart = moof.offset!;
    const plans: TrafPlan[] = [];
    let previousTrafEnd = moofStart;
    for (const traf of moof.children!.filter((b) => b.type === 'traf')) {
      if (child(traf, 'senc') || child(traf, 'saiz')) throw new Error('segment is already encrypted');
      const tfhdBox = child(traf, 'tfhd');
      if (!tfhdBox) throw new Error('traf without tfhd');
      const tfhd = parseTfhd(tfhdBox);
      const info = tracks.get(tfhd.trackId);
      const base =
        tfhd.baseDataOffset ?? (tfhd.flags & TFHD_DEFAULT_BASE_IS_MOOF || plans.length === 0 ? moofStart : previousTrafEnd);
      const samples: SampleRef[] = [];
      const runs: TrafPlan['runs'] = [];
      let cursor = base;
      for (const box of traf.children!.filter((b) => b.type === 'trun')) {
        const trun = parseTrun(box);
        const start = trun.dataOffset !== undefined ? base + trun.dataOffset : cursor;
        cursor = start;
        for (const s of trun.sampleSizes) {
          const size = s ?? tfhd.defaultSampleSize ?? info?.defaultSampleSize ?? 0;
          samples.push({ pos: cursor, size });
          cursor += size;
        }
        if (trun.sampleSizes.length > 0) mdatOf(start, cursor - start);
        runs.push({ box, trun, start });
      }
      previousTrafEnd = cursor;
      const plan: TrafPlan = { traf, tfhd, runs };
      if (info && samples.length > 0) plan.encryptionBoxes = encryptTrafSamples(out, samples, info, key);
      plans.push(plan);
    }

    // New moof with placeholder offsets; sizes are final, values are patched once the layout is known.
    const newMoof: Box = {
      type: 'moof',
      data: moof.data,
      children: moof.children!.map((c) => {
        const plan = plans.find((p) => p.traf === c);
        if (!plan) return c;
        const kids = c.children!.map((k) => {
          if (k.type === 'tfhd') return normalisedTfhd(plan.tfhd);
          const run = plan.runs.find((r) => r.box === k);
          return run ? trunWithDataOffset(run.trun) : k;
        });
        const enc = plan.encryptionBoxes;
        return { type: 'traf', data: c.data, children: enc ? [...kids, enc.saiz, enc.saio, enc.senc] : kids };
      }),
    };
    newMoofs.set(moof, { bytes: serializeBox(newMoof), plans });
  }

  // Layout of the output: old start -> new start of every top-level box.
  const newStart = new Map<Box, number>();
  let pos = 0;
  for (const b of top) {
    newStart.set(b, pos);
    pos += newMoofs.get(b)?.bytes.length ?? b.size!;
  }
  const totalSize = pos;
  const mapPosition = (oldPos: number): number => {
    for (const b of top) if (b.offset === oldPos) return newStart.get(b)!;
    if (oldPos === segment.length) return totalSize;
    throw new Error(`offset ${oldPos} is not at a box boundary`);
  };

  // Patch trun data_offset and saio offsets inside the new moofs.
  for (const [moof, { bytes, plans }] of newMoofs) {
    const moofNew = newStart.get(moof)!;
    const trafs = parseBoxes(bytes)[0].children!.filter((b) => b.type === 'traf');
    plans.forEach((plan, t) => {
      const traf = trafs[t]; // plans were made for the trafs in order
      const truns = traf.children!.filter((b) => b.type === 'trun');
      plan.runs.forEach((run, i) => {
        const m = run.trun.sampleSizes.length > 0 ? mdatOf(run.start, 0) : undefined;
        const shifted = m ? run.start + newStart.get(m.box)! - m.box.offset! : run.start - moof.offset! + moofNew;
        const offset = shifted - moofNew;
        if (offset < -0x80000000 || offset > 0x7fffffff) throw new Error('data offset out of range');
        bytes.writeInt32BE(offset, truns[i].offset! + 8 + 8);
      });
      if (plan.encryptionBoxes) {
        const senc = child(traf, 'senc')!;
        const saio = child(traf, 'saio')!;
        // First IV: senc header (8) + version/flags (4) + sample_count (4); relative to the moof (default-base-is-moof).
        bytes.writeUInt32BE(senc.offset! + 16, saio.offset! + 8 + 8);
      }
    });
  }

  const parts = top.map((b) => {
    const moof = newMoofs.get(b);
    if (moof) return moof.bytes;
    if (b.type === 'sidx') return rewriteSidx(b, out, mapPosition, newStart.get(b)!);
    return out.subarray(b.offset!, b.offset! + b.size!);
  });
  return Buffer.concat(parts, totalSize);
}

/** Remap a sidx's first_offset and referenced sizes onto the new layout. */
function rewriteSidx(sidx: Box, out: Buffer, mapPosition: (p: number) => number, sidxNewStart: number): Buffer {
  const bytes = Buffer.from(out.subarray(sidx.offset!, sidx.offset! + sidx.size!));
  const header = sidx.size! - sidx.data.length;
  const { version } = fullBoxHeader(sidx);
  let p = header + 4 + 8; // full box, reference_ID, timescale
  p += version === 0 ? 4 : 8; // earliest_presentation_time
  const firstOffset = version === 0 ? bytes.readUInt32BE(p) : Number(bytes.readBigUInt64BE(p));
  const firstOffsetPos = p;
  p += version === 0 ? 4 : 8;
  p += 2; // reserved
  const count = bytes.readUInt16BE(p);
  p += 2;
  const anchorOld = sidx.offset! + sidx.size!;
  const anchorNew = sidxNewStart + sidx.size!;
  let oldStart = anchorOld + firstOffset;
  const newFirst = mapPosition(oldStart) - anchorNew;
  if (version === 0) bytes.writeUInt32BE(newFirst, firstOffsetPos);
  else bytes.writeBigUInt64BE(BigInt(newFirst), firstOffsetPos);
  for (let i = 0; i < count; i++, p += 12) {
    const word = bytes.readUInt32BE(p);
    const size = word & 0x7fffffff;
    const newSize = mapPosition(oldStart + size) - mapPosition(oldStart);
    bytes.writeUInt32BE(((word & 0x80000000) | newSize) >>> 0, p);
    oldStart += size;
  }
  return bytes;
}
