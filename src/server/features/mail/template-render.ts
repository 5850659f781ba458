import { PLACEHOLDER_PATTERN } from '../../../shared/schemas/email-template.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/*
 * A template (a subject and a plain-text body with {placeholders}) filled for
 * one entry, as the text and the HTML of a message. The HTML is made from the text: blank lines
 * part paragraphs, lines starting '- ' make a list, every literal and every value is escaped, and
 * the link placeholders become links. A line left empty only by empty values is dropped (a free
 * entry's {payment}).
 */

/** The values of a message; a value may hold several lines ({entryDetails}). */
export type TemplateValues = Record<string, string>;

/** A piece of a line: text, or a link whose text is its address. */
interface Piece {
  text: string;
  link: boolean;
}

export interface RenderOptions {
  /** Placeholders whose value is an address, written as a link in the HTML version. */
  links?: readonly string[];
}

/** The body's lines, each as its pieces; unknown placeholders were refused before saving. */
function fill(body: string, values: TemplateValues, links: readonly string[]): Piece[][] {
  const lines: Piece[][] = [];
  for (const templateLine of body.replace(/\r\n?/g, '\n').split('\n')) {
    let line: Piece[] = [];
    let hadValue = false;
    let valueText = '';
    let cursor = 0;
    for (const match of templateLine.matchAll(PLACEHOLDER_PATTERN)) {
      const name = match[1] as string;
      line.push({ text: templateLine.slice(cursor, match.index), link: false });
      cursor = match.index + match[0].length;
      const value = values[name] ?? '';
      hadValue = true;
      valueText += value;
      const [first = '', ...rest] = value.split('\n');
      line.push({ text: first, link: links.includes(name) && first !== '' });
      for (const next of rest) {
        lines.push(line);
        line = [{ text: next, link: false }];
      }
    }
    line.push({ text: templateLine.slice(cursor), link: false });
    const literal = templateLine.replace(PLACEHOLDER_PATTERN, '');
    if (hadValue && valueText.trim() === '' && literal.trim() === '') continue;
    lines.push(line);
  }
  return lines;
}

const textOf = (line: Piece[]) => line.map((piece) => piece.text).join('');

function htmlOf(line: Piece[]): string {
  return line
    .map((piece) =>
      piece.link
        ? `<a href="${escapeHtml(piece.text)}">${escapeHtml(piece.text)}</a>`
        : escapeHtml(piece.text),
    )
    .join('');
}

/** The line without its first `count` characters (a list item's '- '), whichever pieces hold them. */
function withoutStart(line: Piece[], count: number): Piece[] {
  let left = count;
  return line.map((piece) => {
    const cut = Math.min(left, piece.text.length);
    left -= cut;
    return { ...piece, text: piece.text.slice(cut) };
  });
}

/** Paragraphs (lines joined by <br>) and lists, split at blank lines. */
function htmlBody(lines: Piece[][]): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.join('<br>\n')}</p>`);
    if (list.length > 0)
      out.push(`<ul>\n${list.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`);
    paragraph = [];
    list = [];
  };
  for (const line of lines) {
    const text = textOf(line);
    if (text.trim() === '') {
      flush();
    } else if (text.startsWith('- ')) {
      if (paragraph.length > 0) flush();
      list.push(htmlOf(withoutStart(line, 2)));
    } else {
      if (list.length > 0) flush();
      paragraph.push(htmlOf(line));
    }
  }
  flush();
  return out.join('\n');
}

export function renderTemplate(
  template: { subject: string; body: string },
  values: TemplateValues,
  options: RenderOptions = {},
): { subject: string; text: string; html: string } {
  // A subject is one line: a value's line breaks become spaces.
  const subject = template.subject
    .replace(PLACEHOLDER_PATTERN, (_, name: string) => values[name] ?? '')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  const lines = fill(template.body, values, options.links ?? []);
  const text = lines.map(textOf).join('\n');
  const html = ['<!doctype html><html><body>', htmlBody(lines), '</body></html>'].join('\n');
  return { subject, text, html };
}
