import 'server-only';
import { createDecipheriv } from 'node:crypto';
import { type Box, child, fullBoxHeader, parseBoxes } from './cenc/boxes';

/**
 * Test-only readers for encrypted fragments, written apart from the encryptor (no shared parsing code beyond the
 * generic box tree) so that tests compare two implementations of the spec, not one with itself.
 */

export interface SampleView {
  pos: number;
  size: number;
}

/** Sample positions of a traf in our output (always default-base-is-moof with explicit data offsets). */
export function samplesOf(moof: Box, traf: Box): SampleView[] {
  const tfhd = child(traf, 'tfhd')!;
  const { flags } = fullBoxHeader(tfhd);
  if (!(flags & 0x20000) || flags & 0x1) throw new Error('expected default-base-is-moof without base_data_offset');
  // track_ID, then optional sample_description_index and default_sample_duration before default_sample_size
  const sizeAt = 8 + (flags & 0x2 ? 4 : 0) + (flags & 0x8 ? 4 : 0);
  const tfhdDefaultSize = flags & 0x10 ? tfhd.data.readUInt32BE(sizeAt) : 0;
  const out: SampleView[] = [];
  for (const trun of traf.children!.filter((b) => b.type === 'trun')) {
    const { flags: tf } = fullBoxHeader(trun);
    if (!(tf & 0x1)) throw new Error('expected trun data_offset');
    const count = trun.data.readUInt32BE(4);
    let pos = moof.offset! + trun.data.readInt32BE(8);
    let p = 12 + (tf & 0x4 ? 4 : 0);
    const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => tf & f).length;
    for (let i = 0; i < count; i++) {
      const size = tf & 0x200 ? trun.data.readUInt32BE(p + (tf & 0x100 ? 4 : 0)) : tfhdDefaultSize;
      out.push({ pos, size });
      pos += size;
      p += fields * 4;
    }
  }
  return out;
}

export interface SencEntry {
  iv: Buffer;
  subsamples: [number, number][];
}

export function sencEntries(senc: Box): SencEntry[] {
  const { flags } = fullBoxHeader(senc);
  const d = senc.data;
  const count = d.readUInt32BE(4);
  const entries: SencEntry[] = [];
  let p = 8;
  for (let i = 0; i < count; i++) {
    const iv = d.subarray(p, p + 8);
    p += 8;
    const subsamples: [number, number][] = [];
    if (flags & 0x2) {
      const n = d.readUInt16BE(p);
      p += 2;
      for (let j = 0; j < n; j++, p += 6) subsamples.push([d.readUInt16BE(p), d.readUInt32BE(p + 2)]);
    }
    entries.push({ iv, subsamples });
  }
  if (p !== d.length) throw new Error(`senc has ${d.length - p} trailing bytes`);
  return entries;
}

/** Independent CENC 'cenc' decryption of one segment, straight from senc + trun. */
export function decryptSegment(segment: Buffer, k: Buffer): Buffer {
  const out = Buffer.from(segment);
  const boxes = parseBoxes(segment);
  for (const moof of boxes.filter((b) => b.type === 'moof')) {
    for (const traf of moof.children!.filter((b) => b.type === 'traf')) {
      const senc = child(traf, 'senc');
      if (!senc) continue;
      const samples = samplesOf(moof, traf);
      const entries = sencEntries(senc);
      samples.forEach(({ pos, size }, i) => {
        const d = createDecipheriv('aes-128-ctr', k, Buffer.concat([entries[i].iv, Buffer.alloc(8)]));
        const ranges = entries[i].subsamples.length ? entries[i].subsamples : [[0, size] as [number, number]];
        let p = pos;
        for (const [c, e] of ranges) {
          p += c;
          d.update(segment.subarray(p, p + e)).copy(out, p);
          p += e;
        }
        if (p !== pos + size) throw new Error(`subsamples cover ${p - pos} of ${size} bytes`);
      });
    }
  }
  return out;
}

export function mdatPayloads(segment: Buffer): Buffer[] {
  return parseBoxes(segment)
    .filter((b) => b.type === 'mdat')
    .map((b) => b.data);
}
