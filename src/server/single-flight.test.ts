import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

describe('singleFlight', () => {
  it('runs the work of one key once while it is under way, and afresh after it settles', async () => {
    const flight = singleFlight<number>();
    let runs = 0;
    let finish: (value: number) => void = () => {};
    const work = () => {
      runs++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = flight('a', work);
    const second = flight('a', work);
    expect(second).toBe(first);
    expect(runs).toBe(1);
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    void flight('a', work);
    expect(runs).toBe(2);
    finish(8);
  });

  it('keeps keys apart and lets a failure go, so the next call tries again', async () => {
    const flight = singleFlight<string>();
    await expect(flight('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await flight('a', () => Promise.resolve('up'))).toBe('up');
    const [a, b] = await Promise.all([
      flight('a', () => Promise.resolve('A')),
      flight('b', () => Promise.resolve('B')),
    ]);
    expect([a, b]).toEqual(['A', 'B']);
  });
});
