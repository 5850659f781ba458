import { sql } from 'kysely';

/**
 * An entry's form fields, to select beside its answers: the snapshot it was made with, else (an
 * entry made before entries kept one) its category's fields as they are now. `submission` and
 * `category` are the query's names for the two tables.
 */
export function entryFormFields(submission: string, category: string) {
  return sql<
    string | null
  >`coalesce(${sql.ref(`${submission}.form_fields`)}, ${sql.ref(`${category}.form_fields`)})`.as(
    'form_fields',
  );
}
