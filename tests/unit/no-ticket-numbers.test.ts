import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Source says why, not which ticket: a comment that names an issue ("see issue 12", "(#12)")
 * sends the reader elsewhere and goes stale when the tracker moves. Upstream reports are cited
 * by their full address, which this does not match; nor do colours ('#000') or HTML entities.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** This file, whose samples name tickets on purpose. */
const SELF = path.resolve(import.meta.filename);
const FOLDERS = ['src', 'scripts', 'tests'];
const CODE = /\.(ts|tsx|js|cjs|mjs|css|html|md)$/;
const TICKET = /\b[Ii]ssues? ?#?\d+\b|(?:^|[\s(])#\d{1,4}\b|\b[\w.-]+#\d+\b/;
/** A comment's "issue" at the end of a line, its number opening the next ("(issue\n * 23)"). */
const SPLIT_TICKET = [/\b[Ii]ssues? ?#?$/, /^\s*(?:\*|\/\/)?\s*#?\d+\b/] as const;

/** Whether `text`, the line after it being `next`, names a ticket. */
const namesTicket = (text: string, next = '') =>
  TICKET.test(text) || (SPLIT_TICKET[0].test(text) && SPLIT_TICKET[1].test(next));

function filesIn(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesIn(full);
    return CODE.test(entry.name) && full !== SELF ? [full] : [];
  });
}

const rootConfigs = () =>
  fs
    .readdirSync(ROOT)
    .filter((name) => /\.(ts|js|cjs|mjs)$/.test(name))
    .map((name) => path.join(ROOT, name));

/** Every line, as `file:line: text`, that names a ticket. */
function ticketLines(): string[] {
  const files = [
    ...FOLDERS.flatMap((folder) => filesIn(path.join(ROOT, folder))),
    ...rootConfigs(),
  ];
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index, lines) =>
        namesTicket(text, lines[index + 1])
          ? [`${path.relative(ROOT, file)}:${index + 1}: ${text.trim()}`]
          : [],
      ),
  );
}

describe('no ticket numbers in source', () => {
  it('finds none in src/, scripts/, tests/ and the root configuration', () => {
    expect(ticketLines()).toEqual([]);
  });

  it.each([
    `/** Published results (issue 23). */`,
    `// Issue 25: the site behind a load balancer`,
    `* issue#12 says so`,
    `// see issues 3 and 4`,
    '// fixed in (#12)',
    '// as #7 asked',
    '// a bug of somelib#91',
  ])('fires on %s', (sample) => {
    expect(TICKET.test(sample)).toBe(true);
  });

  it.each([
    "background: '#000'",
    "replaceAll('&#39;', \"'\")",
    '// upstream: https://github.com/foliojs/fontkit/issues/91',
    "primaryColorContrastWarning('#77')",
    'bg-[#123456]',
  ])('lets %s be', (sample) => {
    expect(TICKET.test(sample)).toBe(false);
  });

  it('fires on a number carried to the next line of a comment', () => {
    expect(namesTicket(' * on the results page (issue', ' * 23): the artist chooses')).toBe(true);
    expect(namesTicket('// see issue', '// 12 for why')).toBe(true);
    expect(namesTicket(' * the issue', ' * is that the clock stands still')).toBe(false);
  });
});
