import { PAGE_PATHS } from '../page-paths.ts';

/**
 * The address an e-mail links to: the entry page, with the artist's token after '#', where no
 * server logs it. Submissions signs the token; mail shows the same shape in a template's preview.
 */
export function entryLinkOf(publicUrl: string, token: string): string {
  return `${publicUrl}${PAGE_PATHS.entry}#${token}`;
}
