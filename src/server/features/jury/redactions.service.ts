import { answerText } from '../../../shared/domain/field-answers.ts';
import {
  type FormField,
  isAskedPerWork,
  isShownToJurors,
} from '../../../shared/schemas/form-field.ts';
import {
  type CheckedAnswer,
  type IdentityCheck,
  REDACTION_MESSAGES,
  type RedactionInput,
} from '../../../shared/schemas/jury-redaction.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  decodeEntry,
  type StoredEntry,
  type StoredFieldValues,
  type StoredWork,
  worksOf,
} from '../submissions/submissions.service.ts';
import { type ArtistIdentity, identityIn, maskIdentity } from './identity-match.ts';
import { hasOpenedRound } from './judging.repository.ts';
import { requireCompetition } from './judging.service.ts';
import {
  deleteRedaction,
  findCompetitionRedactions,
  findEntriesToCheck,
  findEntryToRedact,
  upsertRedaction,
} from './redactions.repository.ts';

/*
 * Before judging, the admin looks for entries whose answers shown to jurors name their artist
 * (found here, on the server, by identity-match.ts) and redacts the jury's copy of such an
 * answer; the artist's own answer stays as given. A redaction may be made or changed at any
 * time, since it only takes away what jurors see; once a round has opened it cannot be removed,
 * which would show jurors what was taken out.
 */

const audit = auditEntriesOf('submission');

type Redaction = { text: string; redactedAt: string };

/** A redaction's key: the work's number (0: an answer asked once per entry) and the field. */
const keyOf = (position: number, fieldId: string) => `${position}:${fieldId}`;

const identityOf = (row: { full_name: string; email: string; phone: string }): ArtistIdentity => ({
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
});

/** Answers as a redaction names them: the entry's own (work null), or one work's. */
interface AnswerGroup {
  work: number | null;
  fields: FormField[];
  values: StoredFieldValues;
  /** Said before a field's label: "Work 2: " when the entry holds several works. */
  prefix: string;
}

/** The entry's own answers, then each work's (an entry kept without works: one, its own). */
function answerGroups(entry: StoredEntry, works: readonly StoredWork[] | undefined) {
  const list = works && works.length > 0 ? works : [{ position: 1, values: {} }];
  const several = list.length > 1;
  const perWork = entry.fields.filter(isAskedPerWork);
  const groups: AnswerGroup[] = [
    {
      work: null,
      fields: entry.fields.filter((f) => !isAskedPerWork(f)),
      values: entry.values,
      prefix: '',
    },
    ...list.map((w) => ({
      work: w.position,
      fields: perWork,
      values: { ...entry.values, ...w.values },
      prefix: several ? `Work ${w.position}: ` : '',
    })),
  ];
  return groups;
}

/** The group's text answers jurors see (an image cannot hold a typed name). */
function shownTextAnswers(group: AnswerGroup) {
  return group.fields.flatMap((field) => {
    const answer = answerText(field, group.values[field.id]);
    const file = field.type === 'image' || field.type === 'document';
    return isShownToJurors(field) && !file && answer ? [{ field, answer }] : [];
  });
}

/** The answers of one entry the admin must see: those naming the artist, and those redacted. */
function checkedAnswers(
  groups: AnswerGroup[],
  who: ArtistIdentity,
  redactions: ReadonlyMap<string, Redaction>,
): CheckedAnswer[] {
  return groups.flatMap((group) =>
    shownTextAnswers(group).flatMap(({ field, answer }) => {
      const contains = identityIn(answer, who);
      const redaction = redactions.get(keyOf(group.work ?? 0, field.id)) ?? null;
      if (contains.length === 0 && !redaction) return [];
      const suggestion = maskIdentity(answer, who);
      const label = `${group.prefix}${field.label}`;
      return [
        { fieldId: field.id, work: group.work, label, answer, contains, suggestion, redaction },
      ];
    }),
  );
}

export async function getIdentityCheck(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<IdentityCheck> {
  await requireCompetition(deps.db, competitionId);
  const [rows, saved, roundOpened] = await Promise.all([
    findEntriesToCheck(deps.db, competitionId),
    findCompetitionRedactions(deps.db, competitionId),
    hasOpenedRound(deps.db, competitionId),
  ]);
  const works = await worksOf(
    deps.db,
    rows.map((row) => row.id),
    deps.log,
  );
  const byEntry = new Map<string, Map<string, Redaction>>();
  for (const r of saved) {
    const of = byEntry.get(r.submission_id) ?? new Map<string, Redaction>();
    of.set(keyOf(r.work_position, r.field_id), { text: r.jury_text, redactedAt: r.redacted_at });
    byEntry.set(r.submission_id, of);
  }
  const entries = rows.flatMap((row) => {
    const entry = decodeEntry({ ...row, work_values: null }, deps.log);
    const groups = answerGroups(entry, works.get(row.id));
    const answers = checkedAnswers(groups, identityOf(row), byEntry.get(row.id) ?? new Map());
    if (answers.length === 0) return [];
    return [{ submissionId: row.id, reference: row.reference, status: row.status, answers }];
  });
  return { roundOpened, entries };
}

/**
 * The entry and its answer for `fieldId` (of work `work`, the first when not said, for a field
 * each work answers), if it is one jurors see as text; else a 4xx.
 */
async function requireRedactable(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
  entryId: string,
  fieldId: string,
  work: number | undefined,
) {
  await requireCompetition(deps.db, competitionId);
  const row = await findEntryToRedact(deps.db, competitionId, entryId);
  if (!row) throw notFound(REDACTION_MESSAGES.entryNotFound);
  const entry = decodeEntry({ ...row, work_values: null }, deps.log);
  const field = entry.fields.find((f) => f.id === fieldId);
  if (field && !isAskedPerWork(field) && work !== undefined) {
    throw invalidField('work', REDACTION_MESSAGES.workOfOnce);
  }
  const works = (await worksOf(deps.db, [entryId], deps.log)).get(entryId);
  const position = field && isAskedPerWork(field) ? (work ?? 1) : null;
  const group = answerGroups(entry, works).find((g) => g.work === position);
  if (!field || !group?.values[fieldId]) throw notFound(REDACTION_MESSAGES.answerNotFound);
  if (field.type === 'image') throw invalidField('fieldId', REDACTION_MESSAGES.imageField);
  if (!isShownToJurors(field)) throw invalidField('fieldId', REDACTION_MESSAGES.hiddenField);
  return { row, field, position: position ?? 0, label: `${group.prefix}${field.label}` };
}

/** Saves the jury's copy of one answer; a copy that still names the artist is refused. */
export async function saveRedaction(
  deps: Pick<Deps, 'db' | 'log' | 'clock'>,
  competitionId: string,
  entryId: string,
  fieldId: string,
  work: number | undefined,
  input: RedactionInput,
  admin: AuditActor,
): Promise<IdentityCheck> {
  const answer = await requireRedactable(deps, competitionId, entryId, fieldId, work);
  const { row, position, label } = answer;
  const text = input.text.trim();
  const still = identityIn(text, identityOf(row));
  if (still.length > 0) {
    throw invalidField('text', REDACTION_MESSAGES.stillNames[still[0]!]);
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await upsertRedaction(trx, {
      submission_id: entryId,
      work_position: position,
      field_id: fieldId,
      jury_text: text,
      redacted_at: now.toISOString(),
    });
    await recordAudit(
      trx,
      audit(admin, 'jury.answer-redact', entryId, { fieldId, label, juryCopy: text }),
      now,
    );
  });
  return getIdentityCheck(deps, competitionId);
}

/** Gives jurors the artist's own answer again: only while no round has opened. */
export async function removeRedaction(
  deps: Pick<Deps, 'db' | 'log' | 'clock'>,
  competitionId: string,
  entryId: string,
  fieldId: string,
  work: number | undefined,
  admin: AuditActor,
): Promise<IdentityCheck> {
  const { position, label } = await requireRedactable(deps, competitionId, entryId, fieldId, work);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (await hasOpenedRound(trx, competitionId)) {
      throw new AppError(409, 'REDACTION_FIXED', REDACTION_MESSAGES.fixed);
    }
    if (!(await deleteRedaction(trx, entryId, position, fieldId))) {
      throw notFound(REDACTION_MESSAGES.notRedacted);
    }
    await recordAudit(trx, audit(admin, 'jury.answer-unredact', entryId, { fieldId, label }), now);
  });
  return getIdentityCheck(deps, competitionId);
}
