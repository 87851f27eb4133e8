// Shared services of rule modules.
import { describe, expect, it } from 'vitest';
import { base64Length } from '../src/services/base64.js';
import { formatDuration, parseDuration } from '../src/services/duration.js';

describe('durations (Go time.ParseDuration)', () => {
  it('parse', () => {
    expect(parseDuration('10s')).toBe(10e9);
    expect(parseDuration('1m30s')).toBe(90e9);
    expect(parseDuration('2h45m')).toBe(9900e9);
    expect(parseDuration('1.5h')).toBe(5400e9);
    expect(parseDuration('-5m')).toBe(-300e9);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('250ms')).toBe(250e6);
    expect(parseDuration('3µs')).toBe(3000);
    for (const bad of ['', '10', 'ten', '1d', 's', '.s', '1h 30m', '--1s']) expect(parseDuration(bad), bad).toBeUndefined();
  });
  it('format the short way', () => {
    expect([75e9, 30e9, 3600e9, 250e6, 0].map(formatDuration)).toEqual(['1m15s', '30s', '1h', '250ms', '0s']);
  });
});

describe('base64', () => {
  it('gives decoded lengths of padded standard base64 only', () => {
    expect(base64Length('c2VjcmV0')).toBe(6);
    expect(base64Length('YWJjZA==')).toBe(4);
    expect(base64Length('YWJjZGU=')).toBe(5);
    expect(base64Length('')).toBe(0);
    for (const bad of ['YWJjZA', 'YW JjZA==', 'YWJj_A==', '!!!!']) expect(base64Length(bad), bad).toBeUndefined();
  });
  it('skips line breaks anywhere, as Go\'s decoder does (a key wrapped over lines in a block scalar)', () => {
    expect(base64Length('YWJj\nZGU=\n')).toBe(5);
    expect(base64Length('YW\r\nJjZA=\n=')).toBe(4);
    expect(base64Length('YWJj\tZGU=')).toBeUndefined();
  });
});
