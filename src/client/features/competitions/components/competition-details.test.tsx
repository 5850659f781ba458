import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompetitionDetails } from '../../../../shared/schemas/competition.ts';
import { CompetitionDetailsSections } from './competition-details.tsx';

const PICTURES = { types: ['JPEG', 'PNG', 'WebP'], maxMegabytes: 10 };

function details(overrides: Partial<CompetitionDetails> = {}): CompetitionDetails {
  return {
    rulesHtml: '',
    eligibilityHtml: '',
    prizeDescription: '',
    pictures: { ...PICTURES, artworks: [{ label: 'Artwork Photo', required: true }] },
    ...overrides,
  };
}

const requirements = () =>
  within(screen.getByRole('region', { name: 'File requirements' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("a competition's details", () => {
  it('shows the rules and eligibility the server rendered, and leaves out what is empty', () => {
    const { unmount } = render(
      <CompetitionDetailsSections
        details={details({
          rulesHtml: '<ul><li>One work</li></ul>',
          eligibilityHtml: '<p>Aged 18 or over.</p>',
        })}
      />,
    );
    expect(
      within(screen.getByRole('region', { name: 'Rules' })).getByRole('listitem').textContent,
    ).toBe('One work');
    expect(screen.getByRole('region', { name: 'Eligibility' }).textContent).toContain(
      'Aged 18 or over.',
    );
    unmount();
    render(<CompetitionDetailsSections details={details()} />);
    expect(screen.queryByRole('region', { name: 'Rules' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Eligibility' })).toBeNull();
  });

  it('counts the pictures the form asks for, marking the optional ones', () => {
    render(
      <CompetitionDetailsSections
        details={details({
          pictures: {
            ...PICTURES,
            artworks: [
              { label: 'Artwork Photo', required: true },
              { label: 'Detail shot', required: false },
            ],
          },
        })}
      />,
    );
    expect(requirements()).toEqual([
      'Your photo and 2 pictures of your work: Artwork Photo, Detail shot (optional)',
      'File types: JPEG, PNG or WebP',
      'Size: up to 10 MB a picture',
    ]);
  });

  it("states the competition's minimum artwork size for print, when it has one", () => {
    render(<CompetitionDetailsSections details={details()} minArtworkLongSide={3000} />);
    expect(requirements()).toContain(
      'Artworks: at least 3,000 pixels on the longer side, for print',
    );
  });

  it('asks for the photo alone when the form has no picture field', () => {
    render(
      <CompetitionDetailsSections details={details({ pictures: { ...PICTURES, artworks: [] } })} />,
    );
    expect(requirements()[0]).toBe('Your photo');
  });
});
