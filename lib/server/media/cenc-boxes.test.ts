import { createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  boxSize,
  containerBox,
  find,
  fullBox,
  fullBoxHeader,
  leafBox,
  parseBoxes,
  serializeBox,
  serializeBoxes,
  walk,
} from './cenc/boxes';
import { encryptSegment, videoSubsamples } from './cenc/fragment';
import { encryptInitSegment, readInitTracks } from './cenc/init-segment';
import { isHlsMediaPlaylist, keyIdToUuid, protectHlsMediaPlaylist, protectMpd } from './cenc/manifest';
import { decryptSegment, mdatPayloads, samplesOf, sencEntries } from './cenc-test-helpers';

const DEMO = fileURLToPath(new URL('../../../media/demo/trailer-1/', import.meta.url));

function avcSampleEntry(): Buffer {
  const fixed = Buffer.alloc(78);
  fixed.writeUInt16BE(1, 6); // data_reference_index
  fixed.writeUInt16BE(720, 24);
  fixed.writeUInt16BE(1280, 26);
  const avcC = leafBox('avcC', Buffer.from([1, 0x64, 0, 0x1f, 0xff, 0xe1, 0, 0]));
  const stsd = containerBox('stsd', [containerBox('avc1', [avcC], fixed)], Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]));
  const tkhd = fullBox('tkhd', 0, 3, Buffer.concat([Buffer.alloc(8), Buffer.from([0, 0, 0, 7]), Buffer.alloc(68)]));
  const hdlr = fullBox('hdlr', 0, 0, Buffer.concat([Buffer.alloc(4), Buffer.from('vide'), Buffer.alloc(13)]));
  const trak = containerBox('trak', [
    tkhd,
    containerBox('mdia', [hdlr, containerBox('minf', [containerBox('stbl', [stsd])])]),
  ]);
  const trex = fullBox('trex', 0, 0, Buffer.from([0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 42, 0, 0, 0, 0]));
  return serializeBoxes([
    leafBox('ftyp', Buffer.from('iso5\0\0\0\x01iso6mp41', 'latin1')),
    containerBox('moov', [fullBox('mvhd', 0, 0, Buffer.alloc(96)), trak, containerBox('mvex', [trex])]),
  ]);
}

describe('box reader/writer', () => {
  it('round-trips a synthetic init segment byte for byte', () => {
    const bytes = avcSampleEntry();
    const boxes = parseBoxes(bytes);
    expect(boxes.map((b) => b.type)).toEqual(['ftyp', 'moov']);
    const entry = find(boxes, 'moov/trak/mdia/minf/stbl/stsd')!.children![0];
    expect(entry.type).toBe('avc1');
    expect(entry.data.length).toBe(78);
    expect(entry.children!.map((c) => c.type)).toEqual(['avcC']);
    expect(serializeBoxes(boxes).equals(bytes)).toBe(true);
    expect(boxes.reduce((n, b) => n + boxSize(b), 0)).toBe(bytes.length);
  });

  it('recomputes sizes after edits and reads 64-bit and to-end sizes', () => {
    const box = containerBox('moov', [leafBox('free', Buffer.alloc(3))]);
    expect(serializeBox(box).readUInt32BE(0)).toBe(8 + 11);
    box.children!.push(leafBox('skip', Buffer.alloc(5)));
    const bytes = serializeBox(box);
    expect(bytes.readUInt32BE(0)).toBe(8 + 11 + 13);
    expect(parseBoxes(bytes)[0].children!.map((c) => [c.type, c.data.length])).toEqual([['free', 3], ['skip', 5]]);

    const large = Buffer.concat([Buffer.from([0, 0, 0, 1]), Buffer.from('mdat'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 20]), Buffer.from('abcd')]);
    const toEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.from('xyz')]);
    expect(parseBoxes(large)[0].data.toString()).toBe('abcd');
    expect(parseBoxes(toEnd)[0].data.toString()).toBe('xyz');
  });

  it('rejects truncated input', () => {
    const bytes = avcSampleEntry();
    expect(() => parseBoxes(bytes.subarray(0, bytes.length - 1))).toThrow(/size/);
    expect(() => parseBoxes(Buffer.from([0, 0, 0, 4, 0x6d]))).toThrow(/truncated/);
  });

  it.skipIf(!existsSync(DEMO))('round-trips real ffmpeg init and media segments', () => {
    for (const name of ['init-stream0.m4s', 'init-stream2.m4s', 'chunk-stream1-00002.m4s', 'chunk-stream2-00001.m4s']) {
      const bytes = readFileSync(DEMO + name);
      expect(serializeBoxes(parseBoxes(bytes)).equals(bytes), name).toBe(true);
    }
  });
});

describe('init segment rewrite', () => {
  it('turns avc1 into encv with sinf/frma/schm/tenc and adds a pssh', () => {
    const kid = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    const { data, tracks } = encryptInitSegment(avcSampleEntry(), kid);
    expect(tracks.get(7)).toMatchObject({ kind: 'video', format: 'avc1', nalLengthSize: 4, defaultSampleSize: 42 });
    const boxes = parseBoxes(data);
    const entry = find(boxes, 'moov/trak/mdia/minf/stbl/stsd')!.children![0];
    expect(entry.type).toBe('encv');
    expect(entry.children!.map((c) => c.type)).toEqual(['avcC', 'sinf']);
    expect(find(entry.children!, 'sinf/frma')!.data.toString()).toBe('avc1');
    const schm = find(entry.children!, 'sinf/schm')!;
    expect(schm.data.toString('latin1', 4, 8)).toBe('cenc');
    expect(schm.data.readUInt32BE(8)).toBe(0x10000);
    const tenc = find(entry.children!, 'sinf/schi/tenc')!;
    expect([...tenc.data.subarray(4, 8)]).toEqual([0, 0, 1, 8]);
    expect(tenc.data.subarray(8, 24).equals(kid)).toBe(true);
    const pssh = walk(boxes, 'pssh');
    expect(pssh).toHaveLength(1);
    expect(fullBoxHeader(pssh[0]).version).toBe(1);
    expect(pssh[0].data.subarray(4, 20).toString('hex')).toBe('1077efecc0b24d02ace33c1e52e2fb4b');
    expect(pssh[0].data.readUInt32BE(20)).toBe(1);
    expect(pssh[0].data.subarray(24, 40).equals(kid)).toBe(true);
    expect(() => readInitTracks(data)).toThrow(/already encrypted/);
  });
});

const nal = (header: number, size: number) => {
  const b = randomBytes(4 + size);
  b.writeUInt32BE(size, 0);
  b[4] = header;
  return b;
};

describe('video subsamples', () => {
  it('keeps length prefixes, NAL headers and non-slice NAL units clear and block-aligns the rest', () => {
    const sample = Buffer.concat([nal(0x06, 20) /* SEI */, nal(0x65, 100) /* IDR slice */, nal(0x41, 17) /* slice */]);
    // SEI: 24 clear; IDR: 4 + 1 header + 99 % 16 = 3 → 8 clear, 96 protected; slice: 4 + 1 + 0 clear, 16 protected.
    expect(videoSubsamples(sample, { nalLengthSize: 4, nalFormat: 'avc' })).toEqual([
      [24 + 8, 96],
      [5, 16],
    ]);
    const total = videoSubsamples(sample, { nalLengthSize: 4, nalFormat: 'avc' }).reduce((n, [c, e]) => n + c + e, 0);
    expect(total).toBe(sample.length);
  });

  it('splits clear runs longer than 65535 bytes and rejects broken NAL sizes', () => {
    const sample = Buffer.concat([nal(0x06, 70_000), nal(0x65, 33)]);
    expect(videoSubsamples(sample, { nalLengthSize: 4, nalFormat: 'avc' })).toEqual([
      [0xffff, 0],
      [70_004 + 4 + 1 - 0xffff, 32],
    ]);
    const broken = nal(0x65, 10);
    broken.writeUInt32BE(50, 0);
    expect(() => videoSubsamples(broken, { nalLengthSize: 4, nalFormat: 'avc' })).toThrow(/bad NAL size/);
  });
});

describe('manifest rewrite', () => {
  const mpd = `<?xml version="1.0"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static">
	<Period id="0">
		<AdaptationSet id="0" contentType="video">
			<Representation id="0" mimeType="video/mp4"/>
		</AdaptationSet>
		<AdaptationSet id="1" contentType="audio">
			<Representation id="2" mimeType="audio/mp4"/>
		</AdaptationSet>
		<AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="en">
			<Representation id="text-en" bandwidth="256"><BaseURL>subtitles-en.vtt</BaseURL></Representation>
		</AdaptationSet>
	</Period>
</MPD>`;
  const kid = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

  it('formats key ids as UUIDs', () => {
    expect(keyIdToUuid(kid)).toBe('00112233-4455-6677-8899-aabbccddeeff');
  });

  it('adds ContentProtection to video and audio sets only, and declares the cenc namespace', () => {
    const out = protectMpd(mpd, kid);
    expect(out).toMatch(/<MPD xmlns:cenc="urn:mpeg:cenc:2013" /);
    expect(out.match(/cenc:default_KID="00112233-4455-6677-8899-aabbccddeeff"/g)).toHaveLength(2);
    expect(out.match(/urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e/g)).toHaveLength(2);
    const text = out.slice(out.indexOf('<AdaptationSet id="2"'));
    expect(text).not.toContain('ContentProtection');
    // Descriptors come before the Representation, inside the set.
    const video = out.slice(out.indexOf('<AdaptationSet id="0"'), out.indexOf('</AdaptationSet>'));
    expect(video.indexOf('ContentProtection')).toBeLessThan(video.indexOf('<Representation'));
    expect(() => protectMpd(out, kid)).toThrow(/already/);
  });

  it('keys HLS media playlists before the init section', () => {
    const media = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-MAP:URI="init-stream0.m4s"\n#EXTINF:2.0,\nchunk-stream0-00001.m4s\n#EXT-X-ENDLIST\n';
    expect(isHlsMediaPlaylist(media)).toBe(true);
    expect(isHlsMediaPlaylist('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nmedia_0.m3u8\n')).toBe(false);
    const out = protectHlsMediaPlaylist(media, '/api/drm/hls/v1');
    expect(out).toContain('#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="identity",URI="/api/drm/hls/v1"\n#EXT-X-MAP:');
    expect(() => protectHlsMediaPlaylist(media, 'a"b')).toThrow();
  });
});

describe('fragment encryption (synthetic segment)', () => {
  /**
   * styp + sidx + moof(traf with an explicit base_data_offset and a trun without data_offset) + mdat, i.e. the
   * layouts ffmpeg does not write, so normalisation to default-base-is-moof and the sidx fix are exercised too.
   * Sample 1 holds two slices: the CTR keystream must run on across its two protected ranges.
   */
  const sample1 = Buffer.concat([nal(0x06, 20), nal(0x65, 100), nal(0x41, 50)]);
  const sample2 = nal(0x41, 37);
  const payload = Buffer.concat([sample1, sample2]);

  function segment(): Buffer {
    const styp = leafBox('styp', Buffer.from('msdh\0\0\0\0msdhmsix', 'latin1'));
    const makeMoof = (base: number) => {
      const tfhdBody = Buffer.alloc(12);
      tfhdBody.writeUInt32BE(7, 0);
      tfhdBody.writeBigUInt64BE(BigInt(base), 4);
      const trunBody = Buffer.alloc(4 + 2 * 4);
      trunBody.writeUInt32BE(2, 0);
      trunBody.writeUInt32BE(sample1.length, 4);
      trunBody.writeUInt32BE(sample2.length, 8);
      return containerBox('moof', [
        fullBox('mfhd', 0, 0, Buffer.from([0, 0, 0, 1])),
        containerBox('traf', [
          fullBox('tfhd', 0, 0x1, tfhdBody),
          fullBox('tfdt', 1, 0, Buffer.alloc(8)),
          fullBox('trun', 0, 0x200, trunBody),
        ]),
      ]);
    };
    const mdat = leafBox('mdat', payload);
    const sidxFor = (referenced: number) => {
      const body = Buffer.alloc(4 + 4 + 4 + 4 + 2 + 2 + 12);
      body.writeUInt32BE(7, 0);
      body.writeUInt32BE(15360, 4);
      body.writeUInt16BE(1, 18);
      body.writeUInt32BE(referenced, 20);
      body.writeUInt32BE(30720, 24);
      body.writeUInt32BE(0x90000000, 28);
      return fullBox('sidx', 0, 0, body);
    };
    const probeMoof = makeMoof(0);
    const moofSize = boxSize(probeMoof);
    const sidx = sidxFor(moofSize + boxSize(mdat));
    const base = boxSize(styp) + boxSize(sidx) + moofSize + 8;
    return serializeBoxes([styp, sidx, makeMoof(base), mdat]);
  }

  it('encrypts with continuous CTR across subsamples and normalises offsets', () => {
    const clear = segment();
    const key = randomBytes(16);
    const tracks = readInitTracks(avcSampleEntry());
    const enc = encryptSegment(clear, tracks, key);
    const boxes = parseBoxes(enc);
    expect(boxes.map((b) => b.type)).toEqual(['styp', 'sidx', 'moof', 'mdat']);
    const [, sidx, moof, mdat] = boxes;
    // sidx references exactly the grown moof + mdat.
    expect(sidx.data.readUInt32BE(24) & 0x7fffffff).toBe(moof.size! + mdat.size!);
    const traf = find([moof], 'moof/traf')!;
    const samples = samplesOf(moof, traf); // throws unless default-base-is-moof + explicit data_offset
    expect(samples.map((x) => x.size)).toEqual([sample1.length, sample2.length]);
    expect(samples[0].pos).toBe(mdat.offset! + 8);
    const entries = sencEntries(find([moof], 'moof/traf/senc')!);
    expect(entries[0].subsamples).toEqual([[24 + 8, 96], [4 + 1 + 1, 48]]);
    expect(entries[1].subsamples).toEqual([[4 + 1 + 4, 32]]);
    expect(mdatPayloads(enc)[0].equals(payload)).toBe(false);
    expect(mdatPayloads(decryptSegment(enc, key))[0].equals(payload)).toBe(true);

    // Restarting the counter for the second protected range would not give the clear bytes back.
    const secondRange = samples[0].pos + 32 + 96 + 6;
    const restarted = createDecipheriv('aes-128-ctr', key, Buffer.concat([entries[0].iv, Buffer.alloc(8)]))
      .update(enc.subarray(secondRange, secondRange + 48));
    expect(restarted.equals(sample1.subarray(32 + 96 + 6, 32 + 96 + 6 + 48))).toBe(false);
  });

  it('refuses to encrypt twice', () => {
    const tracks = readInitTracks(avcSampleEntry());
    const enc = encryptSegment(segment(), tracks, randomBytes(16));
    expect(() => encryptSegment(enc, tracks, randomBytes(16))).toThrow(/already encrypted/);
  });
});
