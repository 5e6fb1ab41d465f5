import 'server-only';
import {
  type Box,
  child,
  children,
  containerBox,
  find,
  fullBox,
  fullBoxHeader,
  leafBox,
  parseBoxes,
  serializeBoxes,
} from './boxes';

/**
 * Init segment rewrite for CENC ('cenc' scheme, ISO/IEC 23001-7).
 *
 * Each sample entry of a track becomes a protected one: `avc1` → `encv`, `mp4a` → `enca`, and gets a
 * `sinf` box appended after its codec boxes:
 *   sinf
 *     frma  original format ('avc1' / 'mp4a'), so a decoder knows the codec once decrypted
 *     schm  scheme 'cenc', version 0x00010000
 *     schi
 *       tenc  default_isProtected 1, default_Per_Sample_IV_Size 8, default_KID
 * and `moov` gets a `pssh` box (the W3C "common" system id, version 1 listing the KID), so browsers fire an
 * `encrypted` event with cenc init data. Playback in Chromium works without it when the MPD carries
 * `cenc:default_KID`, but it is cheap and makes the init segment self-describing.
 *
 * The same parse also yields what fragment encryption needs per track: video or audio, the NAL length size from
 * `avcC`/`hvcC` (to find NAL units in samples) and the `trex` defaults (sample size when `trun` has none).
 */

export const W3C_COMMON_SYSTEM_ID = Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex');
export const CENC_SCHEME = 'cenc';

export type TrackKind = 'video' | 'audio';

export interface TrackInfo {
  trackId: number;
  kind: TrackKind;
  /** Original sample entry format, e.g. 'avc1', 'mp4a'. */
  format: string;
  /** Video: bytes of the NAL unit length prefix (1, 2 or 4). */
  nalLengthSize: number;
  /** Video: 'avc' or 'hevc' (decides the NAL header size and which NAL types are slices). */
  nalFormat?: 'avc' | 'hevc';
  /** From `trex`; used when neither `trun` nor `tfhd` gives a sample size. */
  defaultSampleSize: number;
}

export type TrackMap = Map<number, TrackInfo>;

function trackId(trak: Box): number {
  const tkhd = child(trak, 'tkhd');
  if (!tkhd) throw new Error('trak without tkhd');
  const { version } = fullBoxHeader(tkhd);
  return tkhd.data.readUInt32BE(version === 1 ? 20 : 12);
}

function handlerType(trak: Box): string {
  const hdlr = find([trak], 'trak/mdia/hdlr');
  if (!hdlr) throw new Error('trak without mdia/hdlr');
  return hdlr.data.toString('latin1', 8, 12);
}

function sampleDescriptions(trak: Box): Box {
  const stsd = find([trak], 'trak/mdia/minf/stbl/stsd');
  if (!stsd?.children?.length) throw new Error('trak without sample descriptions');
  return stsd;
}

function trexDefaults(boxes: Box[]): Map<number, number> {
  const sizes = new Map<number, number>();
  const mvex = find(boxes, 'moov/mvex');
  for (const trex of mvex ? children(mvex, 'trex') : []) {
    // full box header (4), track_ID, default_sample_description_index, default_sample_duration, default_sample_size
    sizes.set(trex.data.readUInt32BE(4), trex.data.readUInt32BE(16));
  }
  return sizes;
}

function videoNalInfo(entry: Box): Pick<TrackInfo, 'nalLengthSize' | 'nalFormat'> {
  const avcC = child(entry, 'avcC');
  if (avcC) return { nalLengthSize: (avcC.data[4] & 0x3) + 1, nalFormat: 'avc' };
  const hvcC = child(entry, 'hvcC');
  if (hvcC) return { nalLengthSize: (hvcC.data[21] & 0x3) + 1, nalFormat: 'hevc' };
  throw new Error(`video sample entry '${entry.type}' is not AVC or HEVC; only NAL-structured video is supported`);
}

/** Tracks of a clear init segment. */
export function readInitTracks(init: Buffer): TrackMap {
  return describeTracks(parseBoxes(init));
}

function describeTracks(boxes: Box[]): TrackMap {
  const moov = find(boxes, 'moov');
  if (!moov) throw new Error('init segment has no moov');
  const trex = trexDefaults(boxes);
  const tracks: TrackMap = new Map();
  for (const trak of children(moov, 'trak')) {
    const id = trackId(trak);
    const handler = handlerType(trak);
    const entry = sampleDescriptions(trak).children![0];
    if (entry.type === 'encv' || entry.type === 'enca') throw new Error('init segment is already encrypted');
    if (handler === 'vide') {
      tracks.set(id, { trackId: id, kind: 'video', format: entry.type, defaultSampleSize: trex.get(id) ?? 0, ...videoNalInfo(entry) });
    } else if (handler === 'soun') {
      tracks.set(id, { trackId: id, kind: 'audio', format: entry.type, nalLengthSize: 0, defaultSampleSize: trex.get(id) ?? 0 });
    }
    // Other handlers (text, metadata) stay clear.
  }
  return tracks;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

export function tencBox(keyId: Buffer, ivSize = 8): Box {
  // version 0: reserved (1), reserved (1), default_isProtected (1), default_Per_Sample_IV_Size (1), default_KID (16)
  return fullBox('tenc', 0, 0, Buffer.concat([Buffer.from([0, 0, 1, ivSize]), keyId]));
}

export function sinfBox(originalFormat: string, keyId: Buffer): Box {
  return containerBox('sinf', [
    leafBox('frma', Buffer.from(originalFormat, 'latin1')),
    fullBox('schm', 0, 0, Buffer.concat([Buffer.from(CENC_SCHEME, 'latin1'), u32(0x00010000)])),
    containerBox('schi', [tencBox(keyId)]),
  ]);
}

/** `pssh` version 1 for the given system id, listing the key ids, no private data. */
export function psshBox(keyIds: Buffer[], systemId: Buffer = W3C_COMMON_SYSTEM_ID): Box {
  return fullBox('pssh', 1, 0, Buffer.concat([systemId, u32(keyIds.length), ...keyIds, u32(0)]));
}

/** Rewrite a clear init segment into a CENC-protected one. Returns the new bytes and the track table. */
export function encryptInitSegment(init: Buffer, keyId: Buffer): { data: Buffer; tracks: TrackMap } {
  if (keyId.length !== 16) throw new Error('key id must be 16 bytes');
  const boxes = parseBoxes(init);
  const tracks = describeTracks(boxes);
  if (tracks.size === 0) throw new Error('init segment has no audio or video track');
  const moov = find(boxes, 'moov')!;
  for (const trak of children(moov, 'trak')) {
    const info = tracks.get(trackId(trak));
    if (!info) continue;
    for (const entry of sampleDescriptions(trak).children!) {
      const original = entry.type;
      entry.type = info.kind === 'video' ? 'encv' : 'enca';
      entry.children = [...(entry.children ?? []), sinfBox(original, keyId)];
    }
  }
  moov.children = [...moov.children!.filter((b) => b.type !== 'pssh'), psshBox([keyId])];
  return { data: serializeBoxes(boxes), tracks };
}
