import { describe, expect, it } from 'vitest';
import { addDays, competitionStatus, todayIn } from './competition-status.ts';

describe('todayIn', () => {
  it('is the calendar date in the given time zone', () => {
    // 20:00 UTC on 21 Nov is already 22 Nov in India (UTC+5:30).
    const instant = new Date('2026-11-21T20:00:00Z');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2026-11-22');
    expect(todayIn('UTC', instant)).toBe('2026-11-21');
  });
});

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('competitionStatus', () => {
  const dates = { startDate: '2026-11-10', endDate: '2026-11-20' };
  it.each([
    ['2026-11-09', 'upcoming'],
    ['2026-11-10', 'open'],
    ['2026-11-20', 'open'],
    ['2026-11-21', 'closed'],
  ])('on %s it is %s', (today, expected) => {
    expect(competitionStatus(dates, today)).toBe(expected);
  });
});
