import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockOf } from './wall-clock.ts';

describe('wall clock and instants', () => {
  it('reads a local date and time in the time zone, and back', () => {
    expect(instantOfWallClock('2026-12-10T09:30', 'Asia/Kolkata')).toBe('2026-12-10T04:00:00.000Z');
    expect(wallClockOf('2026-12-10T04:00:00.000Z', 'Asia/Kolkata')).toBe('2026-12-10T09:30');
    expect(wallClockOf('2026-12-10T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-12-11T00:00');
  });

  it('has nothing for an empty or malformed value', () => {
    expect(instantOfWallClock('', 'Asia/Kolkata')).toBeNull();
    expect(instantOfWallClock('tomorrow', 'Asia/Kolkata')).toBeNull();
    expect(wallClockOf(null, 'Asia/Kolkata')).toBe('');
  });
});
