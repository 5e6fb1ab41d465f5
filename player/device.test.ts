import { describe, expect, it } from 'vitest';
import { BUFFERING } from './constants';
import { bufferingFor, deviceClass, isAppleWebKit, networkClass } from './device';

describe('network and device classes (spec §9)', () => {
  it('classifies the network', () => {
    expect(networkClass({ effectiveType: '4g', downlink: 10.5 })).toBe('excellent');
    expect(networkClass({ effectiveType: '4g', downlink: 10 })).toBe('good');
    expect(networkClass({ effectiveType: '4g', downlink: 6 })).toBe('good');
    expect(networkClass({ effectiveType: '3g', downlink: 0.5 })).toBe('fair');
    expect(networkClass({ effectiveType: '4g', downlink: 2.5 })).toBe('fair');
    expect(networkClass({ effectiveType: '2g', downlink: 0.2 })).toBe('poor');
    expect(networkClass({})).toBe('unknown');
  });

  it('classifies the device', () => {
    expect(deviceClass({ deviceMemory: 8, hardwareConcurrency: 8 })).toBe('high');
    expect(deviceClass({ deviceMemory: 4, hardwareConcurrency: 4 })).toBe('high');
    expect(deviceClass({ deviceMemory: 4, hardwareConcurrency: 2 })).toBe('medium');
    expect(deviceClass({ deviceMemory: 2, hardwareConcurrency: 8 })).toBe('medium');
    expect(deviceClass({ deviceMemory: 1, hardwareConcurrency: 8 })).toBe('low');
    expect(deviceClass({ hardwareConcurrency: 8 })).toBe('high');
    expect(deviceClass({})).toBe('unknown');
  });

  it('picks buffering goals: constraints first, then headroom', () => {
    expect(bufferingFor({ effectiveType: '2g', downlink: 0.2, deviceMemory: 8, hardwareConcurrency: 8 })).toEqual(BUFFERING.poorNetwork);
    expect(bufferingFor({ effectiveType: '4g', downlink: 20, deviceMemory: 1, hardwareConcurrency: 1 })).toEqual(BUFFERING.lowEndDevice);
    expect(bufferingFor({ effectiveType: '4g', downlink: 20, deviceMemory: 8, hardwareConcurrency: 8 })).toEqual(BUFFERING.excellentNetwork);
    expect(bufferingFor({ effectiveType: '4g', downlink: 6, deviceMemory: 8, hardwareConcurrency: 8 })).toEqual(BUFFERING.highEndDevice);
    expect(bufferingFor({ effectiveType: '4g', downlink: 6, deviceMemory: 2, hardwareConcurrency: 2 })).toEqual(BUFFERING.default);
    expect(bufferingFor({})).toEqual(BUFFERING.default);
  });

  it('the goals are the spec values', () => {
    expect(BUFFERING).toEqual({
      default: { bufferingGoal: 5, rebufferingGoal: 1, bufferBehind: 15 },
      poorNetwork: { bufferingGoal: 2, rebufferingGoal: 0.3, bufferBehind: 5 },
      excellentNetwork: { bufferingGoal: 8, rebufferingGoal: 1.5, bufferBehind: 20 },
      lowEndDevice: { bufferingGoal: 3, rebufferingGoal: 0.5, bufferBehind: 8 },
      highEndDevice: { bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 },
    });
  });

  it('recognises Safari and iOS, not Chrome', () => {
    expect(isAppleWebKit('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe(true);
    expect(isAppleWebKit('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1')).toBe(true);
    expect(isAppleWebKit('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(false);
    expect(isAppleWebKit('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe(false);
  });
});
