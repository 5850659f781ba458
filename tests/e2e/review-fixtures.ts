/*
 * What the journeys of 'Competition Submissions' (/admin/submissions) share: the
 * screen, registering an entry to review, and the screen's parts as an admin finds them.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { registerThroughApi } from './registration-fixtures.ts';

export const SCREEN = '/admin/submissions';
export const HEADING = 'Competition Submissions';
/** REVIEW_TEXT.empty. */
export const NOTHING_FOUND = 'No submissions found matching your criteria.';

export interface Registered {
  id: string;
  reference: string;
  fullName: string;
  email: string;
}

/** Registers through the API (a fee stays unpaid); the entry as the journeys name it. */
export async function register(
  request: APIRequestContext,
  competitionTitle: string,
  artist: { fullName: string; email: string },
): Promise<Registered> {
  const { id, reference } = await registerThroughApi(request, competitionTitle, artist);
  return { id, reference, ...artist };
}

export const filters = (page: Page) => page.getByRole('search', { name: 'Filter submissions' });
export const searchBox = (page: Page) => filters(page).getByRole('searchbox', { name: 'Search' });
export const table = (page: Page) => page.getByRole('table', { name: 'Competition submissions' });
/** The table's rows of submissions (the heading row has no checkbox). */
export const rows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') });
export const rowOf = (page: Page, entry: Registered) =>
  rows(page).filter({ has: page.getByRole('link', { name: entry.reference, exact: true }) });
/** A number above the table, by its term ('Pending Review', 'Approved', …). */
export const counted = (page: Page, term: string) =>
  page.getByLabel('Counts for these filters').locator(`dt:text-is("${term}") + dd`);
/** A toast of success (the error toasts are alerts). */
export const successToast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true });

/** Exactly these entries are listed, in this order (newest first). */
export async function expectListed(page: Page, entries: Registered[]): Promise<void> {
  await expect(rows(page)).toHaveText(entries.map((entry) => new RegExp(entry.reference)));
}
