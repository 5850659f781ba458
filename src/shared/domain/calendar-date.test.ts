import { describe, expect, it } from 'vitest';
import {
  calendarDateOfUtc,
  formatCalendarDate,
  utcMidnightOf,
  yearAndMonthOf,
  yearOf,
} from './calendar-date.ts';

describe('calendar dates', () => {
  it('writes a date out in full, the same day in every time zone', () => {
    expect(formatCalendarDate('2026-11-21')).toBe('21 November 2026');
    expect(formatCalendarDate('2026-12-01')).toBe('1 December 2026');
  });

  it("writes every day of four years exactly as Intl's en-IN long date does", () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const date = calendarDateOfUtc(day);
      expect(formatCalendarDate(date), date).toBe(intl.format(day));
    }
  });

  it('writes nothing for an empty or broken date', () => {
    expect(formatCalendarDate('')).toBe('');
    expect(formatCalendarDate('not a date')).toBe('');
  });

  it('reads a date as the midnight that begins it in UTC, and back', () => {
    expect(utcMidnightOf('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(calendarDateOfUtc(Date.UTC(2026, 2, 1, 23, 59))).toBe('2026-03-01');
    // A month index past the year's end rolls over, as a month's first day computed from it does.
    expect(calendarDateOfUtc(Date.UTC(2026, 12, 1))).toBe('2027-01-01');
    expect(utcMidnightOf('2026-13-45')).toBeNaN();
  });

  it('reads the year and month of a date', () => {
    expect(yearOf('2026-11-21')).toBe(2026);
    expect(yearAndMonthOf('2026-01-31')).toEqual([2026, 1]);
  });
});
