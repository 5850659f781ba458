import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { flatPrices } from '../../../../shared/domain/pricing.ts';
import { CompetitionPrices } from './competition-prices.tsx';

describe("a competition's prices on its page", () => {
  it('shows each further work, the early-bird and the late prices with their times', () => {
    render(
      <CompetitionPrices
        prices={{
          entryFee: 500,
          furtherWorkFee: 300,
          earlyBirdFee: 400,
          earlyBirdFurtherFee: 200,
          earlyBirdUntil: '2026-12-10T04:00:00.000Z',
          lateFee: null,
          lateFurtherFee: null,
          lateFrom: '2026-12-20T04:00:00.000Z',
        }}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Each further work: ₹300',
      'Early-bird: ₹400 (₹200 each further work) until 10 Dec 2026, 9:30 am IST',
      'Late: ₹500 (₹300 each further work) from 20 Dec 2026, 9:30 am IST',
    ]);
  });

  it('shows nothing for a competition that sets nothing new, or a free one', () => {
    const { container } = render(<CompetitionPrices prices={flatPrices(499)} />);
    expect(container.textContent).toBe('');
    render(<CompetitionPrices prices={undefined} />);
    expect(container.textContent).toBe('');
  });
});
