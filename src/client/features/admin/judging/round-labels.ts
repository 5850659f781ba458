import type { RoundStatus } from '../../../../shared/schemas/jury.ts';

export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
};

/** '1 juror', '3 jurors'. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** A mean or spread as the admin reads it: two decimals, or a dash when nothing was scored. */
export const twoDecimals = (value: number | null) => (value === null ? '—' : value.toFixed(2));
