import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdminUserRow,
  makeBannerRow,
  makeCategoryRow,
  makeCompetitionRow,
  makeSubcategoryRow,
  makeSubmissionRow,
} from '../../../tests/factories/rows.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { type Database, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { DB } from './schema.ts';

let database: Database;
let db: Kysely<DB>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const environment = await createTestEnvironment();
  cleanup = environment.cleanup;
  database = await openDatabase(environment.config);
  db = database.db;
  await migrateToLatest(db);
});

afterAll(async () => {
  await database.close();
  await cleanup();
});

const stamp = () => new Date().toISOString();

const NO_PRICES = {
  further_work_fee: 0,
  early_bird_fee: null,
  early_bird_further_fee: null,
  early_bird_until: null,
  late_fee: null,
  late_further_fee: null,
  late_from: null,
};

describe(`every table round-trips on ${TEST_ENGINE}`, () => {
  it('runs on the engine the suite asked for', () => {
    expect(database.engine).toBe(TEST_ENGINE);
  });

  it('migrations are idempotent: a second run applies nothing', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('app_meta', async () => {
    await db.insertInto('app_meta').values({ key: 'k', value: 'v' }).execute();
    expect(await db.selectFrom('app_meta').selectAll().where('key', '=', 'k').execute()).toEqual([
      { key: 'k', value: 'v' },
    ]);
  });

  it('categories, subcategories, competitions, banners', async () => {
    const category = makeCategoryRow({ name: 'Drawing — चित्रकला' });
    await db.insertInto('categories').values(category).execute();
    const sub = makeSubcategoryRow(category.id, { name: 'Pencil', position: 2 });
    await db.insertInto('subcategories').values(sub).execute();
    const competition = makeCompetitionRow(category.id, { subcategory_id: sub.id });
    await db.insertInto('competitions').values(competition).execute();
    const banner = makeBannerRow({ position: 3 });
    await db.insertInto('banners').values(banner).execute();

    expect(
      await db
        .selectFrom('categories')
        .selectAll()
        .where('id', '=', category.id)
        .executeTakeFirst(),
    ).toEqual(category);
    expect(
      await db.selectFrom('subcategories').selectAll().where('id', '=', sub.id).executeTakeFirst(),
    ).toEqual(sub);
    expect(
      await db
        .selectFrom('competitions')
        .selectAll()
        .where('id', '=', competition.id)
        .executeTakeFirst(),
      // The page's texts, added later, are null until the admin writes them.
    ).toEqual({
      ...competition,
      rules: null,
      eligibility: null,
      prize_description: null,
      closing_time: null,
      draft: 0,
      min_works: 1,
      max_works: 1,
      min_artwork_long_side: null,
      // A competition that sets no prices beyond its fee charges it for one work, as before.
      ...NO_PRICES,
    });
    // A minimum artwork size for print, in pixels on the longer side.
    await db
      .updateTable('competitions')
      .set({ min_artwork_long_side: 3000 })
      .where('id', '=', competition.id)
      .execute();
    const sized = await db
      .selectFrom('competitions')
      .select('min_artwork_long_side')
      .where('id', '=', competition.id)
      .executeTakeFirstOrThrow();
    expect(sized).toEqual({ min_artwork_long_side: 3000 });
    expect(
      await db.selectFrom('banners').selectAll().where('id', '=', banner.id).executeTakeFirst(),
    ).toEqual(banner);
  });

  it('site_settings holds the seed defaults from the first migration', async () => {
    const row = await db.selectFrom('site_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.id).toBe('site_settings');
    expect(JSON.parse(row.data)).toMatchObject({
      title: 'White Stroke International Art Space',
      description: 'Showcase your creativity and compete with artists worldwide',
      theme: { primaryColor: '#7C3AED', darkMode: false, fontFamily: 'inter' },
    });
  });

  it('submissions with their dynamic field values', async () => {
    const submission = makeSubmissionRow({
      field_values: JSON.stringify({ artworkTitle: 'Rain', link: 'https://example.com/a?b=1' }),
    });
    await db.insertInto('submissions').values(submission).execute();
    const row = await db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      ...submission,
      paid_at: null,
      refunded_at: null,
      // A row written without the publication choice (as before the form asked for it) has none
      // recorded.
      publication_consent: null,
      publication_consent_at: null,
      withdrawn_at: null,
      changed_after_review_at: null,
      extension_id: null,
      form_fields: null,
      discount: 0,
      code_id: null,
      price_breakdown: null,
    });
    expect(JSON.parse(row.field_values)).toEqual({
      artworkTitle: 'Rain',
      link: 'https://example.com/a?b=1',
    });
  });

  it("entry_works: an entry's works, in order, removed with their entry", async () => {
    const submission = makeSubmissionRow({ field_values: JSON.stringify({ statement: 'Why' }) });
    await db.insertInto('submissions').values(submission).execute();
    const work = (position: number, title: string) => ({
      id: randomUUID(),
      submission_id: submission.id,
      position,
      field_values: JSON.stringify({ artworkTitle: title }),
      created_at: stamp(),
      updated_at: stamp(),
    });
    const works = [work(1, 'Rain — बारिश'), work(2, 'Sun')];
    await db.insertInto('entry_works').values(works).execute();
    expect(
      await db
        .selectFrom('entry_works')
        .selectAll()
        .where('submission_id', '=', submission.id)
        .orderBy('position')
        .execute(),
    ).toEqual(works);
    // One work per place in the entry.
    await expect(db.insertInto('entry_works').values(work(2, 'Again')).execute()).rejects.toThrow();
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    expect(
      await db
        .selectFrom('entry_works')
        .select('id')
        .where('submission_id', '=', submission.id)
        .execute(),
    ).toEqual([]);
  });

  it("submissions with the snapshot of their form's fields and answers of every type", async () => {
    const fields = [{ id: 'tone', label: 'Tone', type: 'choice', options: ['Warm', 'Cool'] }];
    const values = { tone: 'Warm', year: 2024, framed: false, themes: ['Sea', 'Sky'] };
    const submission = makeSubmissionRow({
      field_values: JSON.stringify(values),
      form_fields: JSON.stringify(fields),
    });
    await db.insertInto('submissions').values(submission).execute();
    const row = await db
      .selectFrom('submissions')
      .select(['form_fields', 'field_values'])
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.form_fields ?? 'null')).toEqual(fields);
    expect(JSON.parse(row.field_values)).toEqual(values);
  });

  it('discount_codes and code_uses, with the prices of a competition', async () => {
    const category = makeCategoryRow();
    const prices = {
      further_work_fee: 300,
      early_bird_fee: 400,
      early_bird_further_fee: null,
      early_bird_until: '2026-11-10T18:30:00.000Z',
      late_fee: 700,
      late_further_fee: 350,
      late_from: '2026-12-20T18:30:00.000Z',
    };
    const competition = makeCompetitionRow(category.id, prices);
    const breakdown = JSON.stringify({ tier: 'early', gross: 700, discount: 140, net: 560 });
    const submission = makeSubmissionRow({
      discount: 140,
      entry_fee: 560,
      price_breakdown: breakdown,
    });
    await db.insertInto('categories').values(category).execute();
    await db.insertInto('competitions').values(competition).execute();
    const code = {
      id: randomUUID(),
      code: 'WELCOME20',
      kind: 'percent' as const,
      value: 20,
      competition_id: competition.id,
      max_uses: 10,
      expires_at: '2026-12-31T18:30:00.000Z',
      active: 1,
      created_by: 'admin',
      created_at: stamp(),
    };
    await db.insertInto('discount_codes').values(code).execute();
    await db
      .insertInto('submissions')
      .values({ ...submission, code_id: code.id })
      .execute();
    const use = {
      id: randomUUID(),
      code_id: code.id,
      submission_id: submission.id as string,
      email: 'aarav@example.com',
      competition_id: competition.id,
      discount: 140,
      created_at: stamp(),
    };
    await db.insertInto('code_uses').values(use).execute();
    expect(
      await db
        .selectFrom('competitions')
        .selectAll()
        .where('id', '=', competition.id)
        .executeTakeFirst(),
    ).toMatchObject(prices);
    expect(
      await db
        .selectFrom('discount_codes')
        .selectAll()
        .where('id', '=', code.id)
        .executeTakeFirst(),
    ).toEqual(code);
    expect(
      await db.selectFrom('code_uses').selectAll().where('id', '=', use.id).executeTakeFirst(),
    ).toEqual(use);
    const stored = await db
      .selectFrom('submissions')
      .select(['discount', 'entry_fee', 'code_id', 'price_breakdown'])
      .where('id', '=', submission.id as string)
      .executeTakeFirst();
    expect(stored).toEqual({
      discount: 140,
      entry_fee: 560,
      code_id: code.id,
      price_breakdown: breakdown,
    });
    // One use per artist e-mail, and one code per text.
    await expect(
      db
        .insertInto('code_uses')
        .values({ ...use, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('discount_codes')
        .values({ ...code, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
  });

  it('admin_users and sessions', async () => {
    const user = makeAdminUserRow();
    await db.insertInto('admin_users').values(user).execute();
    const session = {
      id: 'hash-of-a-session-id',
      admin_user_id: user.id,
      created_at: stamp(),
      last_seen_at: stamp(),
      expires_at: stamp(),
      user_agent: 'Firefox',
    };
    await db.insertInto('sessions').values(session).execute();
    expect(
      await db.selectFrom('admin_users').selectAll().where('id', '=', user.id).executeTakeFirst(),
    ).toEqual({ ...user, totp_enabled: 0, password_generated: 0 });
    expect(
      await db.selectFrom('sessions').selectAll().where('id', '=', session.id).executeTakeFirst(),
    ).toEqual(session);
  });

  /** Two works of one entry, written to entry_works. */
  async function twoWorksOf(submissionId: string) {
    const work = (position: number) => ({
      id: randomUUID(),
      submission_id: submissionId,
      position,
      field_values: JSON.stringify({ artworkTitle: `Work ${position}` }),
      created_at: stamp(),
      updated_at: stamp(),
    });
    const works = [work(1), work(2)];
    await db.insertInto('entry_works').values(works).execute();
    return works.map((w) => w.id);
  }

  it('the jury: set-up, a round, its works, assignments and scores', async () => {
    const category = makeCategoryRow();
    const competition = makeCompetitionRow(category.id);
    const submission = makeSubmissionRow();
    const juror = makeAdminUserRow({
      role: 'juror',
      display_name: 'Asha Juror',
      email: `juror-${randomUUID()}@example.com`,
    });
    await db.insertInto('categories').values(category).execute();
    await db.insertInto('competitions').values(competition).execute();
    await db.insertInto('submissions').values(submission).execute();
    await db.insertInto('admin_users').values(juror).execute();
    const [workId, secondWorkId] = await twoWorksOf(submission.id);
    const c = competition.id;
    const rows = {
      jury_setups: { competition_id: c, jurors_per_entry: 2, publish_jury: 1, updated_at: stamp() },
      jury_criteria: {
        id: randomUUID(),
        competition_id: c,
        position: 0,
        name: 'Composition',
        description: 'How it is built',
        weight: 1.5,
        scale_min: 1,
        scale_max: 10,
        required: 1,
      },
      jury_panel: { competition_id: c, juror_id: juror.id },
      jury_rounds: {
        id: randomUUID(),
        competition_id: c,
        number: 1,
        status: 'open' as const,
        kind: 'ranking' as const,
        jurors_per_entry: 2,
        created_at: stamp(),
        opened_at: stamp(),
        closed_at: null,
        ends_at: stamp(),
      },
    };
    for (const [table, row] of Object.entries(rows)) {
      await db
        .insertInto(table as keyof typeof rows)
        .values(row as never)
        .execute();
    }
    const round = rows.jury_rounds.id;
    const entry = {
      round_id: round,
      submission_id: submission.id,
      work_id: workId as string,
      alias: 'W001',
      jurors_missing: 0,
    };
    const assignment = {
      round_id: round,
      submission_id: submission.id,
      work_id: workId as string,
      juror_id: juror.id,
      order_key: '00aa',
      comment: 'Strong',
      feedback: 'The diagonal carries the eye.',
      feedback_hidden: 1,
      scored_at: stamp(),
      conflict_reason: null,
      conflict_at: null,
      assigned_at: stamp(),
    };
    const score = {
      round_id: round,
      submission_id: submission.id,
      work_id: workId as string,
      juror_id: juror.id,
      criterion_id: rows.jury_criteria.id,
      score: 7,
    };
    await db.insertInto('jury_round_entries').values(entry).execute();
    await db.insertInto('jury_assignments').values(assignment).execute();
    await db.insertInto('jury_scores').values(score).execute();
    // The key is the work: the entry's second work sits in the round beside its first.
    const second = { work_id: secondWorkId as string };
    await db
      .insertInto('jury_round_entries')
      .values({ ...entry, ...second, alias: 'W002' })
      .execute();
    await db
      .insertInto('jury_assignments')
      .values({ ...assignment, ...second })
      .execute();
    await db
      .insertInto('jury_scores')
      .values({ ...score, ...second })
      .execute();
    await expect(db.insertInto('jury_scores').values(score).execute()).rejects.toThrow();
    const ballot = {
      round_id: round,
      juror_id: juror.id,
      ranking: '["W001"]',
      updated_at: stamp(),
    };
    await db.insertInto('jury_ballots').values(ballot).execute();
    for (const [table, row] of Object.entries(rows)) {
      const stored = await db
        .selectFrom(table as keyof typeof rows)
        .selectAll()
        .execute();
      expect(stored).toContainEqual(row);
    }
    expect(await db.selectFrom('jury_round_entries').selectAll().execute()).toContainEqual(entry);
    expect(await db.selectFrom('jury_assignments').selectAll().execute()).toContainEqual(
      assignment,
    );
    expect(await db.selectFrom('jury_scores').selectAll().execute()).toContainEqual(score);
    expect(await db.selectFrom('jury_ballots').selectAll().execute()).toContainEqual(ballot);
  });

  it('awards: one per work of a competition', async () => {
    const category = makeCategoryRow();
    const competition = makeCompetitionRow(category.id);
    const submission = makeSubmissionRow();
    await db.insertInto('categories').values(category).execute();
    await db.insertInto('competitions').values(competition).execute();
    await db.insertInto('submissions').values(submission).execute();
    const [workId, secondWorkId] = await twoWorksOf(submission.id);
    const award = {
      id: randomUUID(),
      competition_id: competition.id,
      submission_id: submission.id,
      work_id: workId as string,
      title: 'Honourable mention — सम्मान',
      prize: '₹5,000 and a catalogue',
      position: 3,
      created_at: stamp(),
      updated_at: stamp(),
    };
    await db.insertInto('awards').values(award).execute();
    expect(
      await db.selectFrom('awards').selectAll().where('id', '=', award.id).executeTakeFirst(),
    ).toEqual(award);
    await expect(
      db
        .insertInto('awards')
        .values({ ...award, id: randomUUID(), title: 'First' })
        .execute(),
    ).rejects.toThrow();
    // The entry's other work may win too.
    await db
      .insertInto('awards')
      .values({ ...award, id: randomUUID(), work_id: secondWorkId as string, position: 4 })
      .execute();
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    expect(
      await db.selectFrom('awards').selectAll().where('id', '=', award.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('payment orders and the ledger, with amounts in paise', async () => {
    const submission = makeSubmissionRow();
    await db.insertInto('submissions').values(submission).execute();
    const order = {
      order_id: 'order_ABC123',
      submission_id: submission.id,
      provider: 'razorpay',
      amount_paise: 49_900,
      currency: 'INR',
      status: 'created' as const,
      check_after: stamp(),
      claimed_until: null,
      created_at: stamp(),
      updated_at: stamp(),
    };
    await db.insertInto('payment_orders').values(order).execute();
    const payment = {
      payment_id: 'pay_XYZ',
      order_id: order.order_id,
      submission_id: submission.id,
      provider: 'razorpay',
      amount_paise: 49_900,
      currency: 'INR',
      status: 'captured' as const,
      error_description: null,
      refund_id: null,
      event_ids: JSON.stringify(['evt_1']),
      created_at: stamp(),
      updated_at: stamp(),
    };
    await db.insertInto('payments').values(payment).execute();
    expect(
      await db
        .selectFrom('payment_orders')
        .selectAll()
        .where('order_id', '=', 'order_ABC123')
        .executeTakeFirst(),
    ).toEqual({ ...order, checks: 0 });
    expect(
      await db
        .selectFrom('payments')
        .selectAll()
        .where('payment_id', '=', 'pay_XYZ')
        .executeTakeFirst(),
    ).toEqual(payment);
    // A payment is a financial record: it stays when its submission is deleted.
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    expect(
      await db.selectFrom('payments').select(['submission_id', 'amount_paise']).executeTakeFirst(),
    ).toEqual({ submission_id: null, amount_paise: 49_900 });
  });

  it('receipts and receipt_counters', async () => {
    const submission = makeSubmissionRow();
    await db.insertInto('submissions').values(submission).execute();
    const counter = { series: 'receipt:2026-27', value: 7 };
    await db.insertInto('receipt_counters').values(counter).execute();
    expect(await db.selectFrom('receipt_counters').selectAll().execute()).toEqual([counter]);
    const receipt = {
      id: randomUUID(),
      number: 'WS/2026-27/000007',
      kind: 'receipt' as const,
      financial_year: '2026-27',
      sequence: 7,
      submission_id: submission.id,
      payment_id: 'pay_R1',
      reverses_number: null,
      amount_paise: 49_900,
      currency: 'INR',
      lines: JSON.stringify([{ label: 'Entry fee', amountPaise: 49_900 }]),
      gst_rate_bp: 1800,
      gst_paise: 7612,
      seller: JSON.stringify({ legalName: 'Atelier', address: 'Pune', gstin: '' }),
      artist_name: 'Asha Rao',
      artist_email: 'asha@example.com',
      competition_title: 'Monsoon',
      entry_reference: 'WS-2026-000001',
      issued_at: stamp(),
    };
    await db.insertInto('receipts').values(receipt).execute();
    const read = () =>
      db.selectFrom('receipts').selectAll().where('id', '=', receipt.id).executeTakeFirst();
    expect(await read()).toEqual(receipt);
    // One receipt per payment, one number per series.
    const again = { ...receipt, id: randomUUID(), number: 'WS/2026-27/000008', sequence: 8 };
    await expect(db.insertInto('receipts').values(again).execute()).rejects.toThrow();
    const twin = { ...receipt, id: randomUUID(), payment_id: 'pay_R2' };
    await expect(db.insertInto('receipts').values(twin).execute()).rejects.toThrow();
    // A receipt is a financial record: it stays when its entry is deleted.
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    expect(await read()).toEqual({ ...receipt, submission_id: null });
  });

  it('email_outbox and audit_log', async () => {
    const submission = makeSubmissionRow();
    await db.insertInto('submissions').values(submission).execute();
    const mail = {
      id: randomUUID(),
      kind: 'registration-confirmation',
      submission_id: submission.id,
      to_address: 'artist@example.com',
      subject: 'Registration received',
      body_text: 'Reference WS-1',
      body_html: '<p>Reference WS-1</p>',
      last_error: null,
      send_after: stamp(),
      claimed_until: null,
      created_at: stamp(),
      updated_at: stamp(),
      sent_at: null,
      decision_from: 'pending' as const,
    };
    await db.insertInto('email_outbox').values(mail).execute();
    expect(
      await db.selectFrom('email_outbox').selectAll().where('id', '=', mail.id).executeTakeFirst(),
    ).toEqual({ ...mail, status: 'pending', attempts: 0, attachment: null, headers: null });
    // A message outlives its submission.
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    expect(
      await db
        .selectFrom('email_outbox')
        .select('submission_id')
        .where('id', '=', mail.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ submission_id: null });

    const entry = {
      id: randomUUID(),
      admin_user_id: null,
      actor: 'admin',
      action: 'competition.delete',
      entity_type: 'competition',
      entity_id: 'c1',
      details: JSON.stringify({ submissions: 3 }),
      created_at: stamp(),
    };
    await db.insertInto('audit_log').values(entry).execute();
    expect(
      await db.selectFrom('audit_log').selectAll().where('id', '=', entry.id).executeTakeFirst(),
    ).toEqual(entry);
  });

  it('reference_counters, unclaimed_files and rate_limit_hits', async () => {
    const counter = { series: 'WS-2026', value: 41 };
    await db.insertInto('reference_counters').values(counter).execute();
    const file = { key: 'private/submissions/x/photo.jpg', created_at: stamp() };
    await db.insertInto('unclaimed_files').values(file).execute();
    const hit = {
      id: randomUUID(),
      scope: 'registration',
      client_key: '203.0.113.9',
      hit_at: stamp(),
    };
    await db.insertInto('rate_limit_hits').values(hit).execute();
    expect(await db.selectFrom('reference_counters').selectAll().execute()).toEqual([counter]);
    expect(await db.selectFrom('unclaimed_files').selectAll().execute()).toEqual([file]);
    expect(await db.selectFrom('rate_limit_hits').selectAll().execute()).toEqual([hit]);
  });

  it('artists, artist_sessions and artist_sign_in_codes', async () => {
    const artist = { id: randomUUID(), email: 'asha.rao@example.com', created_at: stamp() };
    await db.insertInto('artists').values(artist).execute();
    const session = {
      id: 'hash-of-a-token',
      artist_id: artist.id,
      created_at: stamp(),
      last_seen_at: stamp(),
      expires_at: stamp(),
      user_agent: null,
    };
    await db.insertInto('artist_sessions').values(session).execute();
    const code = {
      id: randomUUID(),
      email: artist.email,
      code_hash: 'hash-of-a-code',
      token_hash: 'hash-of-a-link',
      created_at: stamp(),
      expires_at: stamp(),
      attempts: 2,
      used_at: null,
    };
    await db.insertInto('artist_sign_in_codes').values(code).execute();
    expect(await db.selectFrom('artists').selectAll().execute()).toEqual([artist]);
    expect(await db.selectFrom('artist_sessions').selectAll().execute()).toEqual([session]);
    expect(await db.selectFrom('artist_sign_in_codes').selectAll().execute()).toEqual([code]);
    // One artist per address.
    await expect(
      db
        .insertInto('artists')
        .values({ ...artist, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
    // An artist's sessions go with them.
    await db.deleteFrom('artists').where('id', '=', artist.id).execute();
    expect(await db.selectFrom('artist_sessions').selectAll().execute()).toEqual([]);
  });

  it('group_messages, one per request id', async () => {
    const sent = {
      id: randomUUID(),
      request_id: randomUUID(),
      subject: 'About your entry {reference}',
      body: 'Dear {name},\n\nPlease send a larger photo.',
      filters: JSON.stringify({ status: 'pending' }),
      recipient_count: 12,
      admin_user_id: null,
      actor: 'admin',
      created_at: stamp(),
    };
    await db.insertInto('group_messages').values(sent).execute();
    expect(await db.selectFrom('group_messages').selectAll().execute()).toEqual([sent]);
    await expect(
      db
        .insertInto('group_messages')
        .values({ ...sent, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
  });

  it('erasure_requests', async () => {
    const waiting = {
      id: randomUUID(),
      email: 'asha.rao@example.com',
      pending_key: 'asha.rao@example.com',
      requested_at: stamp(),
      due_at: stamp(),
      completed_at: null,
      completed_by: null,
      entries: null,
    };
    const done = {
      ...waiting,
      id: randomUUID(),
      email: '',
      pending_key: null,
      completed_at: stamp(),
      entries: 3,
    };
    await db.insertInto('erasure_requests').values([waiting, done]).execute();
    expect(await db.selectFrom('erasure_requests').selectAll().orderBy('email').execute()).toEqual([
      done,
      waiting,
    ]);
    // One request waiting per address; completed ones (no key) are many.
    await expect(
      db
        .insertInto('erasure_requests')
        .values({ ...waiting, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('erasure_requests')
      .values({ ...done, id: randomUUID() })
      .execute();
  });

  it('exhibitions and exhibition_works: one exhibition per competition, a work once in each', async () => {
    const exhibition = {
      id: randomUUID(),
      competition_id: randomUUID(),
      title: 'City Lights: the exhibition',
      introduction: 'Works chosen by the jury.',
      opened_at: stamp(),
      ends_at: null,
      voting_opens_at: stamp(),
      voting_closes_at: null,
      votes_per_visitor: 2,
      created_at: stamp(),
      updated_at: stamp(),
    };
    await db.insertInto('exhibitions').values(exhibition).execute();
    expect(await db.selectFrom('exhibitions').selectAll().execute()).toEqual([exhibition]);
    await expect(
      db
        .insertInto('exhibitions')
        .values({ ...exhibition, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
    const work = {
      exhibition_id: exhibition.id,
      work_id: randomUUID(),
      submission_id: randomUUID(),
      position: 1,
      display_image: null,
      added_at: stamp(),
    };
    await db.insertInto('exhibition_works').values(work).execute();
    expect(await db.selectFrom('exhibition_works').selectAll().execute()).toEqual([work]);
    await expect(
      db
        .insertInto('exhibition_works')
        .values({ ...work, position: 2 })
        .execute(),
    ).rejects.toThrow();
  });

  it('judging_records: one per competition, gone with its competition', async () => {
    const category = makeCategoryRow();
    await db.insertInto('categories').values(category).execute();
    const competition = makeCompetitionRow(category.id);
    await db.insertInto('competitions').values(competition).execute();
    const record = {
      competition_id: competition.id,
      body: '{"format":"white-stroke-judging-record/1"}',
      sha256: 'a'.repeat(64),
      published_at: stamp(),
      created_at: stamp(),
      updated_at: stamp(),
    };
    await db.insertInto('judging_records').values(record).execute();
    expect(await db.selectFrom('judging_records').selectAll().execute()).toEqual([record]);
    await expect(db.insertInto('judging_records').values(record).execute()).rejects.toThrow();
    await db.deleteFrom('competitions').where('id', '=', competition.id).execute();
    expect(await db.selectFrom('judging_records').selectAll().execute()).toEqual([]);
  });

  it('exhibition_sales: one price per work, changed in place', async () => {
    const sale = {
      work_id: randomUUID(),
      submission_id: randomUUID(),
      price: 45_000,
      created_at: stamp(),
      updated_at: stamp(),
    };
    await db.insertInto('exhibition_sales').values(sale).execute();
    expect(await db.selectFrom('exhibition_sales').selectAll().execute()).toEqual([sale]);
    await expect(
      db
        .insertInto('exhibition_sales')
        .values({ ...sale, price: 1 })
        .execute(),
    ).rejects.toThrow();
  });

  it('exhibition_enquiries: an enquiry, then its answer', async () => {
    const enquiry = {
      id: randomUUID(),
      competition_id: randomUUID(),
      work_id: randomUUID(),
      name: 'Meera Iyer',
      email: 'meera@example.com',
      message: 'Is the frame included?',
      created_at: stamp(),
      answer: null,
      answered_at: null,
      answered_by: null,
    };
    await db.insertInto('exhibition_enquiries').values(enquiry).execute();
    const answered = { answer: 'Yes.', answered_at: stamp(), answered_by: 'admin' };
    await db.updateTable('exhibition_enquiries').set(answered).execute();
    expect(await db.selectFrom('exhibition_enquiries').selectAll().execute()).toEqual([
      { ...enquiry, ...answered },
    ]);
  });

  it('reminders_sent and reminder_unsubscribes: one of each kind and subject, one per address', async () => {
    const sent = { kind: 'reminder-before-close', subject_id: randomUUID(), sent_at: stamp() };
    await db.insertInto('reminders_sent').values(sent).execute();
    expect(await db.selectFrom('reminders_sent').selectAll().execute()).toEqual([sent]);
    await expect(
      db
        .insertInto('reminders_sent')
        .values({ ...sent, sent_at: stamp() })
        .execute(),
    ).rejects.toThrow();
    const address = { email: 'asha.rao@example.com', created_at: stamp() };
    await db.insertInto('reminder_unsubscribes').values(address).execute();
    expect(await db.selectFrom('reminder_unsubscribes').selectAll().execute()).toEqual([address]);
    await expect(
      db.insertInto('reminder_unsubscribes').values(address).execute(),
    ).rejects.toThrow();
  });

  it('COUNT(*) comes back as a number on both engines', async () => {
    const { count } = await db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBeTypeOf('number');
    expect(count).toBeGreaterThan(0);
  });
  it('vote_codes, voter_sessions and votes: a voter votes for a work once, in numbered slots', async () => {
    const code = {
      id: randomUUID(),
      email: 'kiran@example.com',
      code_hash: 'a'.repeat(64),
      created_at: stamp(),
      expires_at: stamp(),
      attempts: 0,
      used_at: null,
    };
    await db.insertInto('vote_codes').values(code).execute();
    expect(await db.selectFrom('vote_codes').selectAll().execute()).toEqual([code]);
    const session = {
      token_hash: 'b'.repeat(64),
      email: 'kiran@example.com',
      created_at: stamp(),
      expires_at: stamp(),
    };
    await db.insertInto('voter_sessions').values(session).execute();
    expect(await db.selectFrom('voter_sessions').selectAll().execute()).toEqual([session]);
    const vote = {
      id: randomUUID(),
      competition_id: randomUUID(),
      work_id: randomUUID(),
      submission_id: randomUUID(),
      voter: 'kiran@example.com',
      email: 'kiran+art@example.com',
      domain: 'example.com',
      address_tag: 'c'.repeat(12),
      slot: 1,
      cast_at: stamp(),
      voided_at: null,
      void_reason: null,
      voided_by: null,
    };
    await db.insertInto('votes').values(vote).execute();
    expect(await db.selectFrom('votes').selectAll().execute()).toEqual([vote]);
    // The same work twice, or a slot taken twice, is refused.
    await expect(
      db
        .insertInto('votes')
        .values({ ...vote, id: randomUUID(), slot: 2 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('votes')
        .values({ ...vote, id: randomUUID(), work_id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
  });
});

describe(`the schema protects the data on ${TEST_ENGINE}`, () => {
  it('refuses a competition that ends before it starts', async () => {
    const category = makeCategoryRow();
    await db.insertInto('categories').values(category).execute();
    await expect(
      db
        .insertInto('competitions')
        .values(
          makeCompetitionRow(category.id, { start_date: '2026-12-10', end_date: '2026-12-09' }),
        )
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses to delete a category a competition uses', async () => {
    const category = makeCategoryRow();
    await db.insertInto('categories').values(category).execute();
    await db.insertInto('competitions').values(makeCompetitionRow(category.id)).execute();
    await expect(
      db.deleteFrom('categories').where('id', '=', category.id).execute(),
    ).rejects.toThrow();
  });

  it('keeps submissions, with their snapshot, when their competition is deleted', async () => {
    const category = makeCategoryRow();
    await db.insertInto('categories').values(category).execute();
    const competition = makeCompetitionRow(category.id, { title: 'Gone Soon' });
    await db.insertInto('competitions').values(competition).execute();
    const submission = makeSubmissionRow({
      competition_id: competition.id,
      competition_title: 'Gone Soon',
    });
    await db.insertInto('submissions').values(submission).execute();

    await db.deleteFrom('competitions').where('id', '=', competition.id).execute();
    const row = await db
      .selectFrom('submissions')
      .select(['competition_id', 'competition_title', 'entry_fee'])
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ competition_id: null, competition_title: 'Gone Soon', entry_fee: 499 });
  });

  it('deleting a category removes its subcategories', async () => {
    const category = makeCategoryRow();
    await db.insertInto('categories').values(category).execute();
    const sub = makeSubcategoryRow(category.id);
    await db.insertInto('subcategories').values(sub).execute();
    await db.deleteFrom('categories').where('id', '=', category.id).execute();
    expect(
      await db.selectFrom('subcategories').select('id').where('id', '=', sub.id).execute(),
    ).toEqual([]);
  });

  it('refuses a second submission with the same idempotency key', async () => {
    const key = randomUUID();
    await db
      .insertInto('submissions')
      .values(makeSubmissionRow({ idempotency_key: key }))
      .execute();
    await expect(
      db
        .insertInto('submissions')
        .values(makeSubmissionRow({ idempotency_key: key }))
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a status outside the state machine', async () => {
    await expect(
      db
        .insertInto('submissions')
        // @ts-expect-error -- the point is a value the types forbid
        .values(makeSubmissionRow({ status: 'archived' }))
        .execute(),
    ).rejects.toThrow();
  });
});
