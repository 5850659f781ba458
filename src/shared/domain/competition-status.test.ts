import { describe, expect, it } from 'vitest';
import {
  addDays,
  closingInstant,
  competitionStage,
  formatClosing,
  mayStillPay,
  competitionStatus,
  competitionWindow,
  startOfDayIn,
  todayIn,
} from './competition-status.ts';

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

/** The instant is on the date in the zone, and a millisecond earlier is the day before. */
function expectFirstInstantOf(date: string, timeZone: string, instant: Date) {
  expect(todayIn(timeZone, instant), `${timeZone} ${date}`).toBe(date);
  expect(todayIn(timeZone, new Date(instant.getTime() - 1)), `${timeZone} ${date}`).toBe(
    addDays(date, -1),
  );
}

describe('startOfDayIn', () => {
  it.each([
    // India has one offset all year: UTC+5:30.
    ['2026-11-21', 'Asia/Kolkata', '2026-11-20T18:30:00.000Z'],
    ['2026-01-01', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
    ['2026-11-21', 'UTC', '2026-11-21T00:00:00.000Z'],
    ['2026-11-21', 'Asia/Kathmandu', '2026-11-20T18:15:00.000Z'],
    ['2026-11-21', 'Pacific/Kiritimati', '2026-11-20T10:00:00.000Z'],
    ['2026-11-21', 'Pacific/Pago_Pago', '2026-11-21T11:00:00.000Z'],
    // New York: clocks go forward at 02:00 on 8 March 2026 and back at 02:00 on 1 November.
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['2026-11-02', 'America/New_York', '2026-11-02T05:00:00.000Z'],
    // Midnight itself skipped: the day begins at the change, 01:00 local.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ['2026-03-08', 'America/Havana', '2026-03-08T05:00:00.000Z'],
    ['2026-03-29', 'Atlantic/Azores', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', 'Asia/Beirut', '2026-03-28T22:00:00.000Z'],
    // Midnight repeated (clocks back from 01:00 to 00:00): the day begins at the first midnight.
    ['2021-10-29', 'Asia/Amman', '2021-10-28T21:00:00.000Z'],
    // Santiago's clocks go back at midnight: 23:00-24:00 on the 4th repeats, the 5th begins once.
    ['2026-04-05', 'America/Santiago', '2026-04-05T04:00:00.000Z'],
  ])('%s begins in %s at %s', (date, timeZone, expected) => {
    const instant = startOfDayIn(date, timeZone);
    expect(instant.toISOString()).toBe(expected);
    expectFirstInstantOf(date, timeZone, instant);
  });

  it('is the first instant of every day in the weeks around daylight-saving changes', () => {
    const weeks: [string, string][] = [
      ['America/New_York', '2026-03-04'],
      ['America/New_York', '2026-10-28'],
      ['Europe/London', '2026-03-25'],
      ['Europe/London', '2026-10-21'],
      ['America/Santiago', '2026-04-01'],
      ['America/Santiago', '2026-09-02'],
    ];
    for (const [timeZone, from] of weeks) {
      for (let day = 0; day < 10; day++) {
        const date = addDays(from, day);
        expectFirstInstantOf(date, timeZone, startOfDayIn(date, timeZone));
      }
    }
  });
});

describe('competitionWindow', () => {
  it('opens at the start of the start date and closes at the start of the day after the end date', () => {
    const window = competitionWindow(
      { startDate: '2026-11-21', endDate: '2026-11-30' },
      'Asia/Kolkata',
    );
    expect(window.opensAt.toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2026-11-30T18:30:00.000Z');
  });

  it('spans exactly one day for a one-day competition in UTC', () => {
    const window = competitionWindow({ startDate: '2026-12-31', endDate: '2026-12-31' }, 'UTC');
    expect(window.opensAt.toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('follows daylight saving: a 23-hour day in spring and a 25-hour day in autumn', () => {
    const hours = (w: { opensAt: Date; closesAt: Date }) =>
      (w.closesAt.getTime() - w.opensAt.getTime()) / 3_600_000;
    const spring = competitionWindow(
      { startDate: '2026-03-08', endDate: '2026-03-08' },
      'America/New_York',
    );
    expect(spring.opensAt.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.closesAt.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(hours(spring)).toBe(23);
    const autumn = competitionWindow(
      { startDate: '2026-11-01', endDate: '2026-11-01' },
      'America/New_York',
    );
    expect(autumn.opensAt.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(autumn.closesAt.toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(hours(autumn)).toBe(25);
  });

  it('agrees with competitionStatus: open from opensAt, closed from closesAt', () => {
    const dates = { startDate: '2026-11-10', endDate: '2026-11-20' };
    const { opensAt, closesAt } = competitionWindow(dates, 'Asia/Kolkata');
    const statusAt = (ms: number) =>
      competitionStatus(dates, todayIn('Asia/Kolkata', new Date(ms)));
    expect(statusAt(opensAt.getTime() - 1)).toBe('upcoming');
    expect(statusAt(opensAt.getTime())).toBe('open');
    expect(statusAt(closesAt.getTime() - 1)).toBe('open');
    expect(statusAt(closesAt.getTime())).toBe('closed');
  });
});

describe('the lifecycle (decision 021)', () => {
  const facts = {
    startDate: '2026-12-01',
    endDate: '2026-12-20',
    closingTime: null,
    draft: false,
    judging: false,
    resultsPublished: false,
  };
  const zone = 'Asia/Kolkata';

  it('closes at the end of the closing minute, or of the end date without one', () => {
    expect(closingInstant('2026-12-20', null, zone).toISOString()).toBe('2026-12-20T18:30:00.000Z');
    expect(closingInstant('2026-12-20', '23:59', zone).toISOString()).toBe(
      '2026-12-20T18:30:00.000Z',
    );
    expect(closingInstant('2026-12-20', '18:00', zone).toISOString()).toBe(
      '2026-12-20T12:31:00.000Z',
    );
    expect(formatClosing('2026-12-20T18:30:00.000Z', zone)).toBe('20 Dec 2026, 11:59 pm IST');
  });

  it('decides each stage, a draft and published results first', () => {
    const at = (iso: string) => new Date(iso);
    expect(competitionStage(facts, zone, at('2026-11-30T12:00:00Z'))).toBe('upcoming');
    expect(competitionStage(facts, zone, at('2026-12-20T18:29:59Z'))).toBe('open');
    expect(competitionStage(facts, zone, at('2026-12-20T18:30:00Z'))).toBe('closed');
    expect(competitionStage({ ...facts, judging: true }, zone, at('2026-12-21T00:00:00Z'))).toBe(
      'judging',
    );
    expect(
      competitionStage({ ...facts, resultsPublished: true }, zone, at('2026-12-10T00:00:00Z')),
    ).toBe('published');
    expect(
      competitionStage({ ...facts, draft: true, resultsPublished: true }, zone, at('2026-12-10')),
    ).toBe('draft');
  });

  it('lets an entry pay until the grace after the close or its extension, never after publication', () => {
    const closesAt = new Date('2026-12-20T18:30:00Z');
    const hour = 3_600_000;
    const window = { closesAt, extendedUntil: null, resultsPublished: false };
    expect(mayStillPay(window, hour, new Date(closesAt.getTime() + hour - 1))).toBe(true);
    expect(mayStillPay(window, hour, new Date(closesAt.getTime() + hour))).toBe(false);
    const extended = { ...window, extendedUntil: new Date(closesAt.getTime() + 5 * hour) };
    expect(mayStillPay(extended, hour, new Date(closesAt.getTime() + 5 * hour))).toBe(true);
    expect(mayStillPay({ ...window, resultsPublished: true }, hour, closesAt)).toBe(false);
  });
});
