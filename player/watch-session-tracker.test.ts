import { describe, expect, it, vi } from 'vitest';
import type { UpdateWatchSessionBody } from '@/lib/contracts/sessions';
import { WatchSessionTracker, type SessionApi } from './watch-session-tracker';

function harness(opts: { createFails?: boolean } = {}) {
  let now = 1_000_000;
  let n = 0;
  const updates: [string, UpdateWatchSessionBody][] = [];
  const exits: [string, UpdateWatchSessionBody][] = [];
  const api: SessionApi = {
    create: vi.fn(async (body) => (opts.createFails ? null : { _id: `s${++n}`, userId: body.userId, videoId: body.videoId } as never)),
    update: vi.fn(async (id, body) => void updates.push([id, body])),
    updateOnExit: vi.fn((id, body) => void exits.push([id, body])),
  };
  const t = new WatchSessionTracker(api, { userId: 'u1', videoId: 'v1' }, () => now);
  return { t, api, updates, exits, advance: (ms: number) => (now += ms) };
}

describe('watch session lifecycle (spec §4)', () => {
  it('is created once when ready, then active on play and paused on pause with counters and watch time', async () => {
    const { t, api, updates, advance } = harness();
    t.ready();
    t.ready();
    t.play();
    advance(12_400);
    t.pause(40);
    advance(5_000);
    t.play();
    advance(3_000);
    t.heartbeat(50);
    await t.settled();
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u1', videoId: 'v1', location: null, videoQuality: 'auto' }));
    expect(updates).toEqual([
      ['s1', { userId: 'u1', status: 'active', isPaused: false, resumeCount: 0 }],
      ['s1', { userId: 'u1', status: 'paused', isPaused: true, pauseCount: 1, totalWatchTime: 12, watchPercentage: 40 }],
      ['s1', { userId: 'u1', status: 'active', isPaused: false, resumeCount: 1 }],
      ['s1', { userId: 'u1', totalWatchTime: 15, watchPercentage: 50 }],
    ]);
  });

  it('completes at 100 %, then resets its counters and clears the id: a replay starts a new session', async () => {
    const { t, api, updates, advance } = harness();
    t.ready();
    t.play();
    advance(32_000);
    t.ended();
    t.play();
    await t.settled();
    expect(updates[1]).toEqual(['s1', expect.objectContaining({ status: 'completed', isCompleted: true, watchPercentage: 100, totalWatchTime: 32, sessionEndTime: expect.any(String) })]);
    expect(api.create).toHaveBeenCalledTimes(2);
    expect(updates[2]).toEqual(['s2', { userId: 'u1', status: 'active', isPaused: false, resumeCount: 0 }]);
    expect(t.id).toBe('s2');
  });

  it('stops on leaving: once, with the end time; on unload through the keepalive call', async () => {
    const a = harness();
    a.t.ready();
    a.t.play();
    a.advance(4_000);
    a.t.stop(12.5);
    a.t.stop(13);
    a.t.play();
    await a.t.settled();
    expect(a.updates.at(-1)).toEqual(['s1', expect.objectContaining({ status: 'stopped', totalWatchTime: 4, watchPercentage: 12.5, sessionEndTime: expect.any(String) })]);
    expect(a.updates.filter(([, b]) => b.status === 'stopped')).toHaveLength(1);
    expect(a.updates).toHaveLength(2);

    const b = harness();
    b.t.ready();
    await b.t.settled();
    b.t.stop(0, true);
    expect(b.exits).toEqual([['s1', expect.objectContaining({ userId: 'u1', status: 'stopped' })]]);
  });

  it('counts watch time only from when the session was asked for, and never pauses before playing', async () => {
    const { t, updates, advance } = harness();
    t.pause(0);
    t.ready();
    advance(10_000);
    t.play();
    advance(2_000);
    t.pause(10);
    await t.settled();
    expect(updates.map(([, b]) => b.status)).toEqual(['active', 'paused']);
    expect(updates[1][1].totalWatchTime).toBe(2);
  });

  it('a failed create means no updates at all (failures are only logged)', async () => {
    const { t, api } = harness({ createFails: true });
    t.ready();
    t.play();
    t.pause(5);
    t.stop(5);
    await t.settled();
    expect(api.update).not.toHaveBeenCalled();
  });
});
