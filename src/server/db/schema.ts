import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AccountRole } from '../../shared/schemas/auth.ts';

export type { AccountRole };

/*
 * Row types, identical on SQLite and PostgreSQL (see docs/decisions/002-portable-storage-types.md):
 * ids are text, instants are ISO-8601 UTC text, calendar dates are 'YYYY-MM-DD' text, booleans
 * are 0/1 integers, money is whole rupees (or paise, at the payment boundary) in integers, and
 * structured values are JSON text.
 */

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  form_fields: string;
  created_at: string;
  updated_at: string;
}

export interface SubcategoriesTable {
  id: string;
  category_id: string;
  name: string;
  position: number;
}

export interface CompetitionsTable {
  id: string;
  title: string;
  description: string;
  image_url: Generated<string>;
  prize_image_url: Generated<string>;
  category_id: string;
  subcategory_id: string | null;
  start_date: string;
  end_date: string;
  entry_type: 'free' | 'paid';
  entry_fee: number;
  /** 1 while only admins see it (decision 021). */
  draft: Generated<number>;
  /** 'HH:MM', the last minute entries are taken on the end date; null: the end of the day. */
  closing_time: string | null;
  created_at: string;
  updated_at: string;
  /** Markdown, or null for none (added later: older rows have none). */
  rules: Generated<string | null>;
  eligibility: Generated<string | null>;
  prize_description: Generated<string | null>;
}

/** An artist's personal leave to register after the close, until valid_until (decision 021). */
export interface EntryExtensionsTable {
  id: string;
  competition_id: string;
  email: string;
  valid_until: string;
  token_hash: string;
  created_by: string;
  created_at: string;
}

export interface BannersTable {
  id: string;
  title: string;
  description: string;
  image_url: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface SiteSettingsTable {
  id: string;
  data: string;
  updated_at: string;
}

export interface SubmissionsTable {
  id: string;
  reference: string;
  competition_id: string | null;
  competition_title: string;
  category_id: string | null;
  subcategory_id: string | null;
  full_name: string;
  age: number;
  age_category: string;
  gender: 'male' | 'female' | 'transgender';
  email: string;
  phone: string;
  address: string;
  pincode: string;
  photo_key: string;
  field_values: string;
  entry_type: 'free' | 'paid';
  entry_fee: number;
  status: 'pending' | 'approved' | 'rejected';
  payment_status: 'pending' | 'paid';
  idempotency_key: string | null;
  /** SHA-256 of the request an idempotency key was first used with. */
  idempotency_hash: string | null;
  consent_at: string | null;
  guardian_name: string | null;
  guardian_consent_at: string | null;
  /** 'name', 'anonymous' or 'none'; null on entries registered before it was asked. */
  publication_consent: 'name' | 'anonymous' | 'none' | null;
  publication_consent_at: string | null;
  paid_at: string | null;
  refunded_at: string | null;
  /** When its artist withdrew it (an unpaid entry replaced by another); null while it stands. */
  withdrawn_at: string | null;
  /** The extension it was registered with after the close. */
  extension_id: string | null;
  /** Name, e-mail and reference, lower-cased by the server: what the review's search reads. */
  search_text: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface AdminUsersTable {
  id: string;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  totp_last_step: number | null;
  /** 'admin', or 'juror' (the jury's scope only). */
  role: Generated<AccountRole>;
  /** A juror's name as the admin gave it; null for admins. */
  display_name: string | null;
  /**
   * A juror's e-mail, where invitations and reminders go; an admin's where sign-in codes go,
   * null until the admin gives one.
   */
  email: string | null;
  /** 1 while the password is the one the server generated at first start (asked to change). */
  password_generated: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface JurorInvitationsTable {
  id: string;
  admin_user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface JurySetupsTable {
  competition_id: string;
  jurors_per_entry: number;
  publish_jury: Generated<number>;
  updated_at: string;
}

export interface JuryCriteriaTable {
  id: string;
  competition_id: string;
  position: number;
  name: string;
  description: string;
  weight: number;
  scale_min: number;
  scale_max: number;
  required: number;
}

export interface JuryPanelTable {
  competition_id: string;
  juror_id: string;
}

export interface JuryConflictsTable {
  id: string;
  competition_id: string;
  juror_id: string;
  artist_email: string;
  created_at: string;
}

export type RoundStatus = 'draft' | 'open' | 'closed';
/** A round is scored against the criteria, or ranked on one ballot per juror. */
export type RoundKind = 'score' | 'ranking';

export interface JuryRoundsTable {
  id: string;
  competition_id: string;
  number: number;
  status: RoundStatus;
  kind: ColumnType<RoundKind, RoundKind | undefined, RoundKind>;
  jurors_per_entry: number;
  created_at: string;
  opened_at: string | null;
  closed_at: string | null;
}

export interface JuryRoundEntriesTable {
  round_id: string;
  submission_id: string;
  alias: string;
  jurors_missing: Generated<number>;
}

export interface JuryAssignmentsTable {
  round_id: string;
  submission_id: string;
  juror_id: string;
  order_key: string;
  comment: Generated<string>;
  scored_at: string | null;
  conflict_reason: string | null;
  conflict_at: string | null;
  assigned_at: string;
}

/** A juror's ranking ballot in a ranking round: `ranking` is a JSON array of aliases, best first. */
export interface JuryBallotsTable {
  round_id: string;
  juror_id: string;
  ranking: string;
  updated_at: string;
}

/** The jury's copy of an answer that named its artist (the artist's own stays in field_values). */
export interface JuryRedactionsTable {
  submission_id: string;
  field_id: string;
  jury_text: string;
  redacted_at: string;
}

export interface JuryScoresTable {
  round_id: string;
  submission_id: string;
  juror_id: string;
  criterion_id: string;
  score: number;
}

/** A competition's award to one of its entries (one per entry), shown in `position` order. */
export interface AwardsTable {
  id: string;
  competition_id: string;
  submission_id: string;
  title: string;
  prize: Generated<string>;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ResultsPublicationsTable {
  competition_id: string;
  /** Null while unpublished. */
  published_at: string | null;
  first_published_at: string;
  updated_at: string;
}

export interface CertificatesTable {
  id: string;
  code: string;
  submission_id: string;
  competition_id: string;
  kind: 'merit' | 'participation';
  award: string | null;
  outcome: 'award' | 'shortlisted' | 'participated';
  /** 'YYYY-MM-DD' in the site's time zone. */
  issued_on: string;
  file_key: string | null;
  file_inputs: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  admin_user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

export type PaymentOrderStatus = 'created' | 'paid';

export interface PaymentOrdersTable {
  order_id: string;
  submission_id: string | null;
  provider: string;
  amount_paise: number;
  currency: string;
  status: PaymentOrderStatus;
  check_after: string | null;
  checks: Generated<number>;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentStatus = 'created' | 'failed' | 'authorized' | 'captured' | 'refunded';

/** The ledger: one row per payment attempt. */
export interface PaymentsTable {
  payment_id: string;
  order_id: string;
  submission_id: string | null;
  provider: string;
  amount_paise: number;
  currency: string;
  status: PaymentStatus;
  error_description: string | null;
  refund_id: string | null;
  event_ids: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  event_id: string;
  received_at: string;
}

/** The built-in test provider's books (payments without Razorpay keys). */
export interface TestCheckoutOrdersTable {
  order_id: string;
  amount_paise: number;
  currency: string;
  receipt: string;
  created_at: string;
}

export interface TestCheckoutPaymentsTable {
  payment_id: string;
  order_id: string;
  amount_paise: number;
  currency: string;
  status: PaymentStatus;
  refund_id: string | null;
  created_at: string;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'not_sent';

export interface EmailOutboxTable {
  id: string;
  kind: string;
  submission_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  send_after: string;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** A decision's e-mail: the entry's status before the decisions it tells of (see mail/outbox). */
  decision_from: 'pending' | 'approved' | 'rejected' | null;
}

/** An admin's wording of an artist's message; none while the default is used. */
export interface EmailTemplatesTable {
  kind: string;
  subject: string;
  body: string;
  updated_at: string;
}

export interface ReferenceCountersTable {
  series: string;
  value: number;
}

export interface UnclaimedFilesTable {
  key: string;
  created_at: string;
}

export interface RateLimitHitsTable {
  id: string;
  scope: string;
  client_key: string;
  hit_at: string;
}

export interface AuditLogTable {
  id: string;
  admin_user_id: string | null;
  actor: string;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  details: string | null;
  created_at: string;
}

export interface MediaTable {
  url: string;
  width: number;
  height: number;
  variants: string;
  created_at: string;
}

export interface LoginFailuresTable {
  id: string;
  username: string;
  ip: string;
  failed_at: string;
  /** Set when the attempt came from a known device (docs/decisions/014): counted for it alone. */
  device_id: string | null;
  /** Set for a password confirmation inside a signed-in session: counted for that session alone. */
  session_id: string | null;
}

/** A browser that has signed in to an account before: the sha256 hash of its cookie's token. */
export interface KnownDevicesTable {
  id: string;
  admin_user_id: string;
  created_at: string;
}

/** A code e-mailed to an account's owner to sign in past a lock (only its hash). */
export interface SignInCodesTable {
  id: string;
  admin_user_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  admin_user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export type ImageJobStatus = 'pending' | 'working' | 'failed';

/** A picture of a submission whose stored copies are not made yet (see media/image-jobs.ts). */
export interface ImageJobsTable {
  key: string;
  submission_id: string;
  kind: 'photo' | 'artwork';
  status: ImageJobStatus;
  attempts: Generated<number>;
  run_after: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface DB {
  app_meta: AppMetaTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  competitions: CompetitionsTable;
  entry_extensions: EntryExtensionsTable;
  banners: BannersTable;
  site_settings: SiteSettingsTable;
  submissions: SubmissionsTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  server_keys: ServerKeysTable;
  test_checkout_orders: TestCheckoutOrdersTable;
  test_checkout_payments: TestCheckoutPaymentsTable;
  email_outbox: EmailOutboxTable;
  email_templates: EmailTemplatesTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  login_failures: LoginFailuresTable;
  known_devices: KnownDevicesTable;
  sign_in_codes: SignInCodesTable;
  recovery_codes: RecoveryCodesTable;
  reference_counters: ReferenceCountersTable;
  juror_invitations: JurorInvitationsTable;
  jury_setups: JurySetupsTable;
  jury_criteria: JuryCriteriaTable;
  jury_panel: JuryPanelTable;
  jury_conflicts: JuryConflictsTable;
  jury_rounds: JuryRoundsTable;
  jury_round_entries: JuryRoundEntriesTable;
  jury_assignments: JuryAssignmentsTable;
  jury_scores: JuryScoresTable;
  jury_ballots: JuryBallotsTable;
  jury_redactions: JuryRedactionsTable;
  awards: AwardsTable;
  results_publications: ResultsPublicationsTable;
  certificates: CertificatesTable;
  unclaimed_files: UnclaimedFilesTable;
  image_jobs: ImageJobsTable;
  rate_limit_hits: RateLimitHitsTable;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type CompetitionRow = Selectable<CompetitionsTable>;
export type NewCompetitionRow = Insertable<CompetitionsTable>;
