import { z } from 'zod';
import { MIN_ARTWORK_LONG_SIDE_MAX } from '../domain/artwork-size.ts';

/** The admin's competition form: a minimum artwork size, whole pixels, or empty for none. */
export const ARTWORK_SIZE_MESSAGES = {
  notWhole: 'Minimum artwork size must be a whole number of pixels',
  tooSmall: 'Minimum artwork size must be at least 1 pixel',
  tooLarge: `Minimum artwork size must be at most ${MIN_ARTWORK_LONG_SIDE_MAX} pixels`,
} as const;

/** '' or nothing (an empty number box reads as NaN) is no minimum: stored as null. */
export const MinArtworkLongSideSchema = z.preprocess(
  (value) =>
    value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value))
      ? null
      : value,
  z
    .number(ARTWORK_SIZE_MESSAGES.notWhole)
    .int(ARTWORK_SIZE_MESSAGES.notWhole)
    .min(1, ARTWORK_SIZE_MESSAGES.tooSmall)
    .max(MIN_ARTWORK_LONG_SIDE_MAX, ARTWORK_SIZE_MESSAGES.tooLarge)
    .nullable(),
);
