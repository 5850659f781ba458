import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Button, ButtonLink, buttonClassName } from './button.tsx';

describe('Button', () => {
  it('is a real button, primary and medium by default, and not a submit button', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe(buttonClassName({ variant: 'primary', size: 'md' }));
  });

  it('gives its <button> to a ref, so focus can be sent back to it', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Add Banner</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Add Banner' }));
  });

  it('has a distinct look for each variant and size', () => {
    const variants = ['primary', 'secondary', 'outline'] as const;
    const sizes = ['sm', 'md', 'lg'] as const;
    const looks = new Set(
      variants.flatMap((variant) => sizes.map((size) => buttonClassName({ variant, size }))),
    );
    expect(looks.size).toBe(9);
  });

  it('ButtonLink is a link styled as a button', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/contact" variant="outline" size="lg">
          Contact Us
        </ButtonLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Contact Us' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(link.className).toBe(buttonClassName({ variant: 'outline', size: 'lg' }));
  });
});
