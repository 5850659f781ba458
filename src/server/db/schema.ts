import type { Insertable, Selectable } from 'kysely';
import type { AccountRole } from '../../shared/schemas/auth.ts';
import type { ArtistsTables } from '../features/artists/artists.tables.ts';
import type { AuditTables } from '../features/audit/audit.tables.ts';
import type { AuthTables } from '../features/auth/auth.tables.ts';
import type { BannersTables } from '../features/banners/banners.tables.ts';
import type { CodesTables } from '../features/codes/codes.tables.ts';
import type {
  CategoriesTable,
  CategoriesTables,
} from '../features/categories/categories.tables.ts';
import type {
  CompetitionsTable,
  CompetitionsTables,
} from '../features/competitions/competitions.tables.ts';
import type { DemoTables } from '../features/demo/demo.tables.ts';
import type { ExhibitionsTables } from '../features/exhibitions/exhibitions.tables.ts';
import type { JuryTables } from '../features/jury/jury.tables.ts';
import type { MailTables } from '../features/mail/mail.tables.ts';
import type { MediaTables } from '../features/media/media.tables.ts';
import type { PersonalDataTables } from '../features/personal-data/personal-data.tables.ts';
import type { PaymentsTables } from '../features/payments/payments.tables.ts';
import type { RateLimitsTables } from '../features/rate-limits/rate-limits.tables.ts';
import type { ReceiptsTables } from '../features/receipts/receipts.tables.ts';
import type { RemindersTables } from '../features/reminders/reminders.tables.ts';
import type { ResultsTables } from '../features/results/results.tables.ts';
import type { ReviewTables } from '../features/review/review.tables.ts';
import type { SettingsTables } from '../features/settings/settings.tables.ts';
import type { SubmissionsTables } from '../features/submissions/submissions.tables.ts';
import type { VotesTables } from '../features/votes/votes.tables.ts';

export type { AccountRole };
export type * from '../features/artists/artists.tables.ts';
export type * from '../features/audit/audit.tables.ts';
export type * from '../features/auth/auth.tables.ts';
export type * from '../features/banners/banners.tables.ts';
export type * from '../features/codes/codes.tables.ts';
export type * from '../features/categories/categories.tables.ts';
export type * from '../features/competitions/competitions.tables.ts';
export type * from '../features/demo/demo.tables.ts';
export type * from '../features/jury/jury.tables.ts';
export type * from '../features/mail/mail.tables.ts';
export type * from '../features/media/media.tables.ts';
export type * from '../features/payments/payments.tables.ts';
export type * from '../features/personal-data/personal-data.tables.ts';
export type * from '../features/rate-limits/rate-limits.tables.ts';
export type * from '../features/receipts/receipts.tables.ts';
export type * from '../features/reminders/reminders.tables.ts';
export type * from '../features/results/results.tables.ts';
export type * from '../features/review/review.tables.ts';
export type * from '../features/settings/settings.tables.ts';
export type * from '../features/submissions/submissions.tables.ts';
export type * from '../features/votes/votes.tables.ts';

/*
 * The database: each feature's tables, declared in its <feature>.tables.ts beside the repositories
 * that write them, composed here. Row types are identical on SQLite and PostgreSQL (see
 * docs/decisions/002-portable-storage-types.md): ids are text, instants are ISO-8601 UTC text,
 * calendar dates are 'YYYY-MM-DD' text, booleans are 0/1 integers, money is whole rupees (or
 * paise, at the payment boundary) in integers, and structured values are JSON text.
 */

export interface DB
  extends
    ArtistsTables,
    AuditTables,
    AuthTables,
    BannersTables,
    CategoriesTables,
    CodesTables,
    CompetitionsTables,
    DemoTables,
    ExhibitionsTables,
    JuryTables,
    MailTables,
    MediaTables,
    PaymentsTables,
    PersonalDataTables,
    RateLimitsTables,
    ReceiptsTables,
    RemindersTables,
    ResultsTables,
    ReviewTables,
    SettingsTables,
    SubmissionsTables,
    VotesTables {}

export type CategoryRow = Selectable<CategoriesTable>;
export type CompetitionRow = Selectable<CompetitionsTable>;
export type NewCompetitionRow = Insertable<CompetitionsTable>;
