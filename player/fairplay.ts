import { FAIRPLAY_CERT_PATH, FAIRPLAY_CERT_TIMEOUT_MS } from './constants';

/** DER certificates start with a SEQUENCE (0x30 0x82); PEM ones with the text header. */
export function looksLikeCertificate(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && bytes[0] === 0x30 && bytes[1] === 0x82) return true;
  return new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().startsWith('-----BEGIN CERTIFICATE-----');
}

/**
 * Spec §7: the FairPlay certificate is fetched from the product's host with a 10 s time-out, and (spec §5) must start
 * with a certificate header. The result is never used: playback always proceeds without it, so it is only logged.
 */
export async function checkFairPlayCertificate(url = FAIRPLAY_CERT_PATH): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FAIRPLAY_CERT_TIMEOUT_MS) });
    const ok = res.ok && looksLikeCertificate(new Uint8Array(await res.arrayBuffer()));
    if (!ok) console.info('FairPlay certificate missing or invalid; playing without it');
    return ok;
  } catch (err) {
    console.info('FairPlay certificate not fetched; playing without it', err instanceof Error ? err.message : err);
    return false;
  }
}
