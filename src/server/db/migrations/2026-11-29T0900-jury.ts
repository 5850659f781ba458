import type { Kysely } from 'kysely';

/*
 * Judging (docs/decisions/016): jurors are accounts with the role 'juror' (the same sign-in,
 * passwords, two-factor and lockout as admins), invited by a one-time link; each competition has
 * criteria, a panel, declared conflicts and rounds; a round assigns each entry to jurors under a
 * per-round alias, and keeps their scores.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await db.schema.alterTable('admin_users').addColumn('display_name', 'text').execute();
  await db.schema.alterTable('admin_users').addColumn('email', 'text').execute();
  // One juror per address, even when two admins invite it at once (admins' nulls never clash).
  await db.schema
    .createIndex('admin_users_email')
    .unique()
    .on('admin_users')
    .column('email')
    .execute();

  await db.schema
    .createTable('juror_invitations')
    // The SHA-256 of the link's token: a copy of the database opens no invitation.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('juror_invitations_admin_user_id')
    .on('juror_invitations')
    .column('admin_user_id')
    .execute();

  await db.schema
    .createTable('jury_setups')
    .addColumn('competition_id', 'text', (c) =>
      c.primaryKey().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('jurors_per_entry', 'integer', (c) => c.notNull())
    .addColumn('publish_jury', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jury_criteria')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('weight', 'real', (c) => c.notNull())
    .addColumn('scale_min', 'integer', (c) => c.notNull())
    .addColumn('scale_max', 'integer', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jury_criteria_competition_id')
    .on('jury_criteria')
    .column('competition_id')
    .execute();

  await db.schema
    .createTable('jury_panel')
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('juror_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('jury_panel_pk', ['competition_id', 'juror_id'])
    .execute();

  await db.schema
    .createTable('jury_conflicts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('juror_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    // Lower-cased, as the server stores every entry's e-mail.
    .addColumn('artist_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jury_conflicts_unique', ['competition_id', 'juror_id', 'artist_email'])
    .execute();

  await db.schema
    .createTable('jury_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('jurors_per_entry', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    .addColumn('closed_at', 'text')
    .addUniqueConstraint('jury_rounds_number', ['competition_id', 'number'])
    .execute();

  await db.schema
    .createTable('jury_round_entries')
    .addColumn('round_id', 'text', (c) =>
      c.notNull().references('jury_rounds.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    // What jurors see instead of the reference: 'W007', numbered in a shuffled order.
    .addColumn('alias', 'text', (c) => c.notNull())
    // How many jurors it lacks because too few without a conflict remain: never silently short.
    .addColumn('jurors_missing', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('jury_round_entries_pk', ['round_id', 'submission_id'])
    .addUniqueConstraint('jury_round_entries_alias', ['round_id', 'alias'])
    .execute();

  await db.schema
    .createTable('jury_assignments')
    .addColumn('round_id', 'text', (c) =>
      c.notNull().references('jury_rounds.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('juror_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    // Random at assignment: each juror's own, stable order of works (against order effects).
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scored_at', 'text')
    .addColumn('conflict_reason', 'text')
    .addColumn('conflict_at', 'text')
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('jury_assignments_pk', ['round_id', 'submission_id', 'juror_id'])
    .execute();
  await db.schema
    .createIndex('jury_assignments_juror')
    .on('jury_assignments')
    .columns(['round_id', 'juror_id', 'order_key'])
    .execute();

  await db.schema
    .createTable('jury_scores')
    .addColumn('round_id', 'text', (c) =>
      c.notNull().references('jury_rounds.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('juror_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('criterion_id', 'text', (c) =>
      c.notNull().references('jury_criteria.id').onDelete('cascade'),
    )
    .addColumn('score', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('jury_scores_pk', [
      'round_id',
      'submission_id',
      'juror_id',
      'criterion_id',
    ])
    .execute();
}
