import { describe, expect, it } from 'vitest';
import { serverFeatureFiles, type SourceFiles } from './feature-files.ts';

/*
 * A table is written only by the feature that owns it (docs/architecture.md, "Tables and their
 * owners"): another feature may read it where it declares so, and asks the owner's front door to
 * change it. The types let a declared read write too, so this check reads the code: every insert,
 * update, replace, merge or delete names its table, and that table's owner must be the file's
 * feature. Tests are left out: they set up other features' rows.
 */

const WRITE = /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"]([a-z_]+)/g;
const TABLES_MAP = /export interface \w+Tables \{([^}]*)\}/;

/** Table -> owner, from each feature's `<feature>.tables.ts` and its `<Feature>Tables` map. */
function ownersOf(files: SourceFiles): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [file, text] of Object.entries(files)) {
    const [feature, name] = file.split('/');
    if (name !== `${feature}.tables.ts`) continue;
    const map = TABLES_MAP.exec(text)?.[1] ?? '';
    for (const [, table] of map.matchAll(/^\s*([a-z_]+)\s*:/gm)) owners.set(table!, feature!);
  }
  return owners;
}

/** Each write to a table its file's feature does not own: 'file: table (owner)'. */
function foreignWrites(files: SourceFiles): string[] {
  const owners = ownersOf(files);
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const feature = file.split('/')[0]!;
    for (const [, table] of text.matchAll(WRITE)) {
      const owner = owners.get(table!) ?? 'no feature';
      if (owner !== feature) found.push(`${file}: ${table} (${owner})`);
    }
  }
  return found.sort();
}

describe('each table is written only by its owner', () => {
  const files = serverFeatureFiles();

  it('knows every owner', () => {
    const owners = ownersOf(files);
    expect(owners.get('submissions')).toBe('submissions');
    expect(owners.get('email_outbox')).toBe('mail');
    expect(owners.get('jury_ballots')).toBe('results');
  });

  it('finds no write to another feature’s table', () => {
    expect(foreignWrites(files)).toEqual([]);
  });
});

describe('the owner check, on sample files', () => {
  const tables = {
    'submissions/submissions.tables.ts':
      'export interface SubmissionsTables {\n  submissions: SubmissionsTable;\n  server_keys: K;\n}',
    'mail/mail.tables.ts': 'export interface MailTables {\n  email_outbox: EmailOutboxTable;\n}',
  };

  it('fires on another feature’s insert, update or delete, and on a table nobody owns', () => {
    const found = foreignWrites({
      ...tables,
      'review/decisions.repository.ts':
        "db.updateTable('submissions').set(x);\ndb.deleteFrom(\n  'submissions as s');",
      'payments/payments.repository.ts': "trx.insertInto('email_outbox').values(v)",
      'media/media.repository.ts': "db.insertInto('nowhere').values(v)",
    });
    expect(found).toEqual([
      'media/media.repository.ts: nowhere (no feature)',
      'payments/payments.repository.ts: email_outbox (mail)',
      'review/decisions.repository.ts: submissions (submissions)',
      'review/decisions.repository.ts: submissions (submissions)',
    ]);
  });

  it('lets the owner write and anyone read', () => {
    const found = foreignWrites({
      ...tables,
      'submissions/entry-writes.repository.ts': "db.updateTable('submissions').set(x)",
      'mail/outbox.repository.ts': "db.deleteFrom('email_outbox')",
      'review/review.repository.ts': "db.selectFrom('submissions').selectAll()",
    });
    expect(found).toEqual([]);
  });
});
