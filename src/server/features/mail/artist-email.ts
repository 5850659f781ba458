import { escapeHtml } from '../../http/escape-html.ts';

/*
 * The short messages an artist gets about an entry (payment received, refunded, its link): a
 * greeting, a few paragraphs, the reference and a link to the entry page, in text and HTML.
 * Everything is escaped in the HTML, in any script.
 */

export interface ArtistEmail {
  subject: string;
  fullName: string;
  paragraphs: readonly string[];
  reference: string;
  link: { text: string; url: string };
  siteTitle: string;
}

export function artistEmail(message: ArtistEmail): { subject: string; text: string; html: string } {
  const { subject, fullName, paragraphs, reference, link, siteTitle } = message;
  const text = [
    `Dear ${fullName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Reference: ${reference}`,
    '',
    `${link.text}: ${link.url}`,
    '',
    siteTitle,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body>',
    `<p>Dear ${e(fullName)},</p>`,
    ...paragraphs.map((p) => `<p>${e(p)}</p>`),
    `<p><strong>Reference: ${e(reference)}</strong></p>`,
    `<p><a href="${e(link.url)}">${e(link.text)}</a></p>`,
    `<p>${e(siteTitle)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The entry-page link every message carries. */
export const ENTRY_LINK_TEXT = 'View your entry';
