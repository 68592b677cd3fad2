import { describe, expect, it } from 'vitest';
import { mayBeIpadInDesktopMode, storeFor, USER_AGENT_EXAMINED_LENGTH } from './download';
import { USER_AGENTS } from './user-agents.fixture';

describe('storeFor', () => {
  it.each([
    ['iphoneSafari', 'ios'],
    ['iphoneChrome', 'ios'],
    ['iphoneInstagram', 'ios'],
    ['ipadMobileMode', 'ios'],
    ['ipadFirefoxDesktopMode', 'ios'],
    ['androidChrome', 'android'],
    ['androidSamsung', 'android'],
    ['androidFirefox', 'android'],
    ['androidTablet', 'android'],
    ['ipadDesktopMode', undefined],
    ['windowsEdge', undefined],
    ['linuxFirefox', undefined],
    ['macChrome', undefined],
    ['googlebot', undefined],
  ] as const)('sends %s to %s from its user agent alone', (device, store) => {
    expect(storeFor(USER_AGENTS[device])).toBe(store);
  });

  it('recognises an iPad in desktop mode by its touch screen, and a Mac by its lack of one', () => {
    expect(storeFor(USER_AGENTS.ipadDesktopMode, 5)).toBe('ios');
    expect(storeFor(USER_AGENTS.ipadDesktopMode, 0)).toBeUndefined();
    // A touch screen on Windows or Linux is just a touch screen.
    expect(storeFor(USER_AGENTS.windowsEdge, 10)).toBeUndefined();
  });

  it('sends nothing anywhere for an empty user agent', () => {
    expect(storeFor('')).toBeUndefined();
  });
});

describe('mayBeIpadInDesktopMode', () => {
  it('is true only for Mac user agents the server cannot tell from an iPad', () => {
    expect(mayBeIpadInDesktopMode(USER_AGENTS.ipadDesktopMode)).toBe(true);
    expect(mayBeIpadInDesktopMode(USER_AGENTS.macChrome)).toBe(true);
    expect(mayBeIpadInDesktopMode(USER_AGENTS.ipadFirefoxDesktopMode)).toBe(false);
    expect(mayBeIpadInDesktopMode(USER_AGENTS.iphoneSafari)).toBe(false);
    expect(mayBeIpadInDesktopMode(USER_AGENTS.windowsEdge)).toBe(false);
  });
});

describe('an overlong user agent', () => {
  it('is read up to USER_AGENT_EXAMINED_LENGTH characters only', () => {
    const padding = ' '.repeat(USER_AGENT_EXAMINED_LENGTH);
    expect(storeFor(`Mozilla/5.0 (iPhone)${padding}`)).toBe('ios');
    expect(storeFor(`Mozilla/5.0${padding}(iPhone)`)).toBeUndefined();
    expect(mayBeIpadInDesktopMode(`Mozilla/5.0${padding}(Macintosh)`)).toBe(false);
  });

  // 'Macintosh' over and over made /Macintosh.*Mobile/ scan on from each one: 17 ms for 16 kB,
  // minutes for a megabyte, and milliseconds once only the first 512 characters are read. So the
  // time limit holds at any load and still fails a version reading them all, once it returns.
  it('answers on a megabyte of Macintosh', { timeout: 10_000 }, () => {
    const userAgent = 'Macintosh '.repeat(100_000);
    expect(storeFor(userAgent, 1)).toBe('ios');
    expect(mayBeIpadInDesktopMode(userAgent)).toBe(true);
  });
});
