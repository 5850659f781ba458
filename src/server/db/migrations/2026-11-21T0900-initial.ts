import { type Kysely, sql } from 'kysely';

/*
 * The first schema. Portable between SQLite and PostgreSQL: only text and integer columns,
 * CHECK constraints in plain SQL, foreign keys with explicit ON DELETE behaviour.
 * Migrations are forward-only: never edit this file once it has shipped; add a new one.
 */

// The seed's site-settings defaults, frozen as of this migration.
const INITIAL_SETTINGS = {
  title: 'White Stroke International Art Space',
  description: 'Showcase your creativity and compete with artists worldwide',
  logo: '',
  heroImage: '',
  youtubeVideoId: '',
  timeZone: 'Asia/Kolkata',
  theme: { primaryColor: '#7C3AED', heroBackgroundImage: '', darkMode: false, fontFamily: 'inter' },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('form_fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('categories_created_at')
    .on('categories')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('subcategories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('subcategories_category_id')
    .on('subcategories')
    .column('category_id')
    .execute();

  await db.schema
    .createTable('competitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prize_image_url', 'text', (c) => c.notNull().defaultTo(''))
    // A category in use cannot be deleted (PRODUCT.md point 9).
    .addColumn('category_id', 'text', (c) =>
      c.notNull().references('categories.id').onDelete('restrict'),
    )
    .addColumn('subcategory_id', 'text', (c) =>
      c.references('subcategories.id').onDelete('set null'),
    )
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('entry_type', 'text', (c) => c.notNull().check(sql`entry_type in ('free', 'paid')`))
    .addColumn('entry_fee', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`entry_fee >= 0`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('competitions_dates_ordered', sql`end_date >= start_date`)
    .execute();
  await db.schema
    .createIndex('competitions_category_id')
    .on('competitions')
    .column('category_id')
    .execute();
  await db.schema
    .createIndex('competitions_end_date')
    .on('competitions')
    .column('end_date')
    .execute();
  await db.schema
    .createIndex('competitions_created_at')
    .on('competitions')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('site_settings')
    .values({
      id: 'site_settings',
      data: JSON.stringify(INITIAL_SETTINGS),
      updated_at: new Date().toISOString(),
    })
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    // Submissions outlive their competition; they keep a snapshot of its title and fee.
    .addColumn('competition_id', 'text', (c) =>
      c.references('competitions.id').onDelete('set null'),
    )
    .addColumn('competition_title', 'text', (c) => c.notNull())
    // Raw ids, no foreign key: the admin list falls back to the id when the name is gone (seed §2).
    .addColumn('category_id', 'text')
    .addColumn('subcategory_id', 'text')
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('age_category', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) =>
      c.notNull().check(sql`gender in ('male', 'female', 'transgender')`),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('photo_key', 'text', (c) => c.notNull())
    .addColumn('field_values', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('entry_type', 'text', (c) => c.notNull().check(sql`entry_type in ('free', 'paid')`))
    .addColumn('entry_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().check(sql`payment_status in ('pending', 'paid')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['competition_id', 'status', 'created_at', 'email']) {
    await db.schema.createIndex(`submissions_${column}`).on('submissions').column(column).execute();
  }

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('sessions_admin_user_id')
    .on('sessions')
    .column('admin_user_id')
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // A payment is a financial record: it stays when its submission is deleted.
    .addColumn('submission_id', 'text', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'text')
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'paid', 'failed')`),
    )
    .addColumn('event_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_submission_id')
    .on('payments')
    .column('submission_id')
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('send_after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_status_send_after')
    .on('email_outbox')
    .columns(['status', 'send_after'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) => c.references('admin_users.id').onDelete('set null'))
    // The username at the time, so the log still reads after an account is removed.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_at')
    .on('audit_log')
    .column('created_at')
    .execute();
}
