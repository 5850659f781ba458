import type { Feature } from '../feature.ts';
import { createRateLimitSweeper } from './rate-limits.service.ts';

/** Limits other features count through its service; its own worker sweeps the old hits away. */
export const rateLimitsFeature: Feature = {
  name: 'rate-limits',
  workers: [(deps) => createRateLimitSweeper(deps)],
};
