import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { onPageInteractive } from '../../../lib/page-interactive.ts';
import {
  COUNTDOWN_FALLBACK_DAYS,
  COUNTDOWN_TICK_MS,
  countdownTarget,
  padTwo,
  splitDuration,
  TimeRemaining,
} from './time-remaining.tsx';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

function competition(
  id: string,
  closesAt: string,
  status: PublicCompetition['status'] = 'open',
): PublicCompetition {
  return {
    id,
    title: `Competition ${id}`,
    description: '',
    image: null,
    prizeImage: null,
    category: { id: 'c', name: 'Painting' },
    subcategory: null,
    startDate: '2025-02-01',
    endDate: closesAt.slice(0, 10),
    opensAt: '2025-01-31T18:30:00.000Z',
    closesAt,
    entryType: 'free',
    entryFee: 0,
    status,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('countdown helpers', () => {
  it('split a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(3 * DAY + 4 * HOUR + 5 * 60 * SECOND + 6 * SECOND)).toEqual({
      days: 3,
      hours: 4,
      minutes: 5,
      seconds: 6,
    });
    expect(splitDuration(123 * DAY)).toEqual({ days: 123, hours: 0, minutes: 0, seconds: 0 });
    // A started second counts: a tick 300 ms late still shows the second it is in.
    expect(splitDuration(59_700)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(splitDuration(58_001)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('pad to two digits', () => {
    expect([padTwo(0), padTwo(3), padTwo(42), padTwo(123)]).toEqual(['00', '03', '42', '123']);
  });

  it('count down to the open competition closing soonest that has not closed yet', () => {
    const past = competition('past', '2025-02-28T18:30:00.000Z');
    const later = competition('later', '2025-03-20T18:30:00.000Z');
    const soon = competition('soon', '2025-03-05T18:30:00.000Z');
    const upcoming = competition('upcoming', '2025-03-02T18:30:00.000Z', 'upcoming');
    const closed = competition('closed', '2025-03-02T18:30:00.000Z', 'closed');
    const broken = competition('broken', 'not a date');
    expect(countdownTarget([past, later, soon, upcoming, closed, broken], NOW)).toEqual({
      at: Date.parse('2025-03-05T18:30:00.000Z'),
      competition: soon,
    });
    expect(countdownTarget([past, upcoming, closed, broken], NOW)).toBeNull();
    expect(countdownTarget([], NOW)).toBeNull();
    // The closing instant itself no longer counts.
    expect(countdownTarget([soon], Date.parse(soon.closesAt))).toBeNull();
  });
});

function renderTimer(competitions: PublicCompetition[]) {
  return render(
    <MemoryRouter>
      <TimeRemaining competitions={competitions} />
    </MemoryRouter>,
  );
}

/** What the timer shows, unit by unit, e.g. '10:00:00:00'. */
function shown(): string {
  const timer = screen.getByRole('timer', { name: 'Time Remaining' });
  return ['days', 'hours', 'minutes', 'seconds']
    .map((unit) => timer.querySelector(`span[data-unit="${unit}"]`)?.textContent)
    .join(':');
}

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('TimeRemaining', () => {
  // These tests are renders after the page became interactive: the clock is live and ticking.
  // (Hydrating with the server's render time is render-time.test.tsx's.)
  beforeAll(() => new Promise<void>((resolve) => onPageInteractive(resolve)));
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down to the soonest closing competition and links to it', () => {
    renderTimer([
      competition('later', '2025-03-20T18:30:00.000Z'),
      competition('soon', '2025-03-04T14:30:05.000Z'),
    ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Time Remaining');
    expect(screen.getByRole('region', { name: 'Time Remaining' })).toBeTruthy();
    expect(shown()).toBe('03:02:30:05');
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('03Days02Hours30Minutes05Seconds');
    const link = screen.getByRole('link', { name: 'Competition soon' });
    expect(link.getAttribute('href')).toBe('/competition/soon');
    expect(link.parentElement?.textContent).toBe('until entries close for Competition soon');
  });

  it('ticks every second from the clock, so a late timer never drifts', () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
    renderTimer([competition('soon', '2025-03-01T12:01:00.000Z')]);
    expect(shown()).toBe('00:00:01:00');
    tick(999);
    expect(shown()).toBe('00:00:01:00');
    tick(1);
    expect(shown()).toBe('00:00:00:59');
    // The page slept for 20 s (no ticks ran): the next tick shows the real time left.
    vi.setSystemTime(Date.now() + 20 * SECOND);
    tick(1000);
    expect(shown()).toBe('00:00:00:38');
  });

  it('moves to the next open competition when the first closes, then to the fallback', () => {
    renderTimer([
      competition('first', '2025-03-01T12:00:02.000Z'),
      competition('second', '2025-03-01T12:00:04.000Z'),
    ]);
    expect(screen.getByRole('link').textContent).toBe('Competition first');
    tick(2000);
    expect(screen.getByRole('link').textContent).toBe('Competition second');
    expect(shown()).toBe('00:00:00:02');
    tick(2000);
    expect(screen.queryByRole('link')).toBeNull();
    // The fallback started counting its 10 days when the component mounted.
    expect(shown()).toBe('09:23:59:56');
  });

  it('without an open competition counts a rolling 10 days, restarting at zero', () => {
    expect(COUNTDOWN_FALLBACK_DAYS).toBe(10);
    renderTimer([competition('closed', '2025-03-02T18:30:00.000Z', 'closed')]);
    expect(shown()).toBe('10:00:00:00');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('New competitions are added regularly.')).toBeTruthy();
    tick(1000);
    expect(shown()).toBe('09:23:59:59');
    // Jump the clock rather than run 864,000 ticks.
    vi.setSystemTime(NOW + 10 * DAY - 2000);
    tick(1000);
    expect(shown()).toBe('00:00:00:01');
    tick(1000);
    expect(shown()).toBe('10:00:00:00');
    tick(1000);
    expect(shown()).toBe('09:23:59:59');
  });

  it('stops ticking when unmounted', () => {
    const { unmount } = renderTimer([]);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
