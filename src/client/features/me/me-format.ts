import { FOCUS_RING } from '../../components/form-fields.tsx';

/** A link in the artist's pages, as the entry page draws its links. */
export const LINK_CLASS = `rounded font-semibold text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`;

const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' });

/** '2026-11-21T09:30:00.000Z' → '21 November 2026', as the entry page says it. */
export const dateOf = (iso: string) => DATE.format(Date.parse(iso));
