import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, textOrEmail } from './email-address.tsx';

describe('an e-mail address on a narrow screen', () => {
  it('may wrap only before its @ and its dots, and reads as the whole address', () => {
    const { container } = render(<EmailAddress address="meera.iyer.portfolio@studio.example.in" />);
    expect(container.textContent).toBe('meera.iyer.portfolio@studio.example.in');
    expect(container.innerHTML).toBe(
      '<span class="break-words">meera<wbr>.iyer<wbr>.portfolio<wbr>@studio<wbr>.example<wbr>.in</span>',
    );
  });

  it('is used for a value that is an address, and plain text is left as it is', () => {
    const { container } = render(
      <>
        <p>{textOrEmail('a.b@c.example')}</p>
        <p>{textOrEmail('Watercolour on paper. 30 × 40 cm')}</p>
      </>,
    );
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(container.textContent).toBe('a.b@c.exampleWatercolour on paper. 30 × 40 cm');
  });
});
