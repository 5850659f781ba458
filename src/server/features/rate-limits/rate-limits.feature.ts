import type { Feature } from '../feature.ts';

/** Limits other features count through its service: nothing of its own to register. */
export const rateLimitsFeature: Feature = { name: 'rate-limits' };
