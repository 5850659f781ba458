import { describe, expect, it } from 'vitest';
import { ageCategoryFor } from './age-category.ts';

describe('ageCategoryFor', () => {
  it.each([
    [1, 'preschool'],
    [6, 'preschool'],
    [7, 'children'],
    [15, 'children'],
    [16, 'adult'],
    [80, 'adult'],
  ])('age %i is %s', (age, expected) => {
    expect(ageCategoryFor(age)).toBe(expected);
  });

  it.each([0, 81, -3, 2.5, Number.NaN])('age %s has no category', (age) => {
    expect(ageCategoryFor(age)).toBeNull();
  });
});
