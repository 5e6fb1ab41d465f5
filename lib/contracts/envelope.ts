/**
 * The envelope every API answer comes in (spec §8 'Generic response handling'): `status`, a `message` for people
 * and, on errors, a machine `code`. `Envelope<T>` is an answer whose payload is under `data`.
 */
export type Answer = { status: boolean; message?: string; code?: string };
export type Envelope<T> = Answer & { data: T };
