import type { MailDb } from './mail.tables.ts';

/** Every query of the e-mail templates: a row per edited template. */

export async function findEditedTemplate(db: MailDb, kind: string) {
  return db
    .selectFrom('email_templates')
    .select(['subject', 'body', 'updated_at'])
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function findEditedTemplates(db: MailDb) {
  return db.selectFrom('email_templates').selectAll().execute();
}

export async function upsertTemplate(
  db: MailDb,
  row: { kind: string; subject: string; body: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('email_templates')
    .values(row)
    .onConflict((oc) =>
      oc.column('kind').doUpdateSet({
        subject: row.subject,
        body: row.body,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Answers whether there was an edited template to remove. */
export async function deleteTemplate(db: MailDb, kind: string): Promise<boolean> {
  const result = await db.deleteFrom('email_templates').where('kind', '=', kind).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
