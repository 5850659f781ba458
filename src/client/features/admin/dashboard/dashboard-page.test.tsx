import { describe, expect, it } from 'vitest';
import { formatGrowth } from './dashboard-page.tsx';

describe('formatGrowth', () => {
  it('signs the percentage and says when there is nothing to compare with', () => {
    expect(formatGrowth(25)).toBe('+25%');
    expect(formatGrowth(-10)).toBe('-10%');
    expect(formatGrowth(0)).toBe('0%');
    expect(formatGrowth(33.333)).toBe('+33%');
    expect(formatGrowth(null)).toBe('No data');
  });
});
