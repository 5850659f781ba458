import { describe, expect, it } from 'vitest';
import {
  compareForListing,
  filterCompetitions,
  type FilterableCompetition,
} from './competition-filter.ts';
import type { CompetitionStatus } from './competition-status.ts';

function competition(
  title: string,
  overrides: Partial<FilterableCompetition> = {},
): FilterableCompetition {
  return {
    title,
    description: '',
    category: { id: 'painting' },
    subcategory: null,
    ...overrides,
  };
}

const titles = (list: readonly { title: string }[]) => list.map((c) => c.title);

describe('filterCompetitions', () => {
  const all = [
    competition('Monsoon Colours', {
      description: 'Paint the rains in watercolour.',
      subcategory: { id: 'watercolour' },
    }),
    competition('Étude in Blue', { description: 'A study.', subcategory: { id: 'oil' } }),
    competition('चित्रकला प्रतियोगिता', { category: { id: 'drawing' } }),
    competition('ஓவியம் போட்டி', { category: { id: 'drawing' } }),
    competition('100% Colour_Fest', { description: 'It\'s "bold".' }),
  ];

  it('returns everything, in the given order, when there is no filter', () => {
    expect(filterCompetitions(all, {})).toEqual(all);
    expect(filterCompetitions(all, { q: '', category: '', subcategory: '' })).toEqual(all);
    expect(filterCompetitions(all, { q: '   ' })).toEqual(all);
  });

  it('finds text in the title or the description, in any letter case', () => {
    expect(titles(filterCompetitions(all, { q: 'monsoon' }))).toEqual(['Monsoon Colours']);
    expect(titles(filterCompetitions(all, { q: 'WATERCOLOUR' }))).toEqual(['Monsoon Colours']);
    expect(titles(filterCompetitions(all, { q: '  rains  ' }))).toEqual(['Monsoon Colours']);
    expect(titles(filterCompetitions(all, { q: 'colour' }))).toEqual([
      'Monsoon Colours',
      '100% Colour_Fest',
    ]);
  });

  it('matches accented letters in either case and in composed or decomposed form', () => {
    expect(titles(filterCompetitions(all, { q: 'ÉTUDE' }))).toEqual(['Étude in Blue']);
    expect(titles(filterCompetitions(all, { q: 'e\u0301tude' }))).toEqual(['Étude in Blue']);
    const decomposed = [competition('E\u0301tude No. 2')];
    expect(titles(filterCompetitions(decomposed, { q: 'étude' }))).toEqual(['E\u0301tude No. 2']);
    // An accent is a letter of its own: plain 'etude' is another word.
    expect(filterCompetitions(all, { q: 'etude' })).toEqual([]);
  });

  it('finds words in Devanagari and Tamil', () => {
    expect(titles(filterCompetitions(all, { q: 'चित्रकला' }))).toEqual(['चित्रकला प्रतियोगिता']);
    expect(titles(filterCompetitions(all, { q: 'ஓவியம்' }))).toEqual(['ஓவியம் போட்டி']);
  });

  it('treats %, _, quotes and markup as plain text, never as patterns', () => {
    expect(titles(filterCompetitions(all, { q: '100%' }))).toEqual(['100% Colour_Fest']);
    expect(titles(filterCompetitions(all, { q: '%' }))).toEqual(['100% Colour_Fest']);
    expect(titles(filterCompetitions(all, { q: '_' }))).toEqual(['100% Colour_Fest']);
    expect(titles(filterCompetitions(all, { q: '"bold"' }))).toEqual(['100% Colour_Fest']);
    expect(titles(filterCompetitions(all, { q: "It's" }))).toEqual(['100% Colour_Fest']);
    expect(filterCompetitions(all, { q: '.*' })).toEqual([]);
    expect(filterCompetitions(all, { q: "' OR 1=1 --" })).toEqual([]);
    expect(filterCompetitions(all, { q: '<script>' })).toEqual([]);
  });

  it('filters by category and subcategory id; unknown ids match nothing', () => {
    expect(titles(filterCompetitions(all, { category: 'drawing' }))).toEqual([
      'चित्रकला प्रतियोगिता',
      'ஓவியம் போட்டி',
    ]);
    expect(titles(filterCompetitions(all, { subcategory: 'oil' }))).toEqual(['Étude in Blue']);
    expect(filterCompetitions(all, { category: 'sculpture' })).toEqual([]);
    expect(filterCompetitions(all, { subcategory: 'nope' })).toEqual([]);
  });

  it('combines every filter given', () => {
    expect(titles(filterCompetitions(all, { category: 'painting', q: 'colour' }))).toEqual([
      'Monsoon Colours',
      '100% Colour_Fest',
    ]);
    expect(
      titles(filterCompetitions(all, { category: 'painting', subcategory: 'watercolour', q: 'c' })),
    ).toEqual(['Monsoon Colours']);
    expect(filterCompetitions(all, { category: 'drawing', q: 'monsoon' })).toEqual([]);
    expect(filterCompetitions(all, { category: 'drawing', subcategory: 'watercolour' })).toEqual(
      [],
    );
  });
});

describe('compareForListing', () => {
  const c = (title: string, status: CompetitionStatus, startDate: string, endDate: string) => ({
    title,
    status,
    startDate,
    endDate,
  });

  it('puts Open first (closing soonest), then Upcoming (opening soonest), then Closed (latest first)', () => {
    const list = [
      c('closed long ago', 'closed', '2026-01-01', '2026-02-01'),
      c('upcoming later', 'upcoming', '2026-12-20', '2026-12-30'),
      c('open, closes late', 'open', '2026-11-01', '2026-12-31'),
      c('closed recently', 'closed', '2026-10-01', '2026-11-20'),
      c('upcoming soon', 'upcoming', '2026-11-25', '2027-01-30'),
      c('open, closes soon', 'open', '2026-10-01', '2026-11-22'),
    ];
    expect(titles([...list].sort(compareForListing))).toEqual([
      'open, closes soon',
      'open, closes late',
      'upcoming soon',
      'upcoming later',
      'closed recently',
      'closed long ago',
    ]);
  });

  it('orders by title when the dates that matter are equal', () => {
    const list = [
      c('Zinnia', 'open', '2026-11-01', '2026-11-30'),
      c('Aster', 'open', '2026-10-01', '2026-11-30'),
      c('Marigold', 'open', '2026-09-01', '2026-11-30'),
    ];
    expect(titles([...list].sort(compareForListing))).toEqual(['Aster', 'Marigold', 'Zinnia']);
  });

  it('is a consistent comparison: equal to itself, and antisymmetric', () => {
    const a = c('A', 'open', '2026-11-01', '2026-11-30');
    const b = c('B', 'upcoming', '2026-12-01', '2026-12-30');
    expect(compareForListing(a, a)).toBe(0);
    expect(Math.sign(compareForListing(a, b))).toBe(-Math.sign(compareForListing(b, a)));
  });
});
