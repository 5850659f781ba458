import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type AdminCategory,
  CATEGORY_MESSAGES,
  type CategoryValues,
  categoryInUseMessage,
  type PublicCategory,
  subcategoryInUseMessage,
} from '../../../shared/schemas/category.ts';
import {
  DEFAULT_FORM_FIELDS,
  type FormField,
  FormFieldSchema,
} from '../../../shared/schemas/form-field.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { CategoryRow, DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import {
  type AuditActor,
  auditEntriesOf,
  recordAudit,
  writePublicContent,
} from '../audit/audit.service.ts';
import {
  countCompetitionsByCategory,
  countCompetitionsBySubcategory,
  countEntriesBySubcategory,
  deleteCategoryRow,
  deleteSubcategories,
  findAllCategories,
  findAllSubcategories,
  findCategoryById,
  findSubcategoriesOf,
  insertCategory,
  insertSubcategories,
  updateCategoryRow,
  updateSubcategory,
} from './categories.repository.ts';
import { resolveFormFields } from './form-fields.ts';

/** Rows written as they are, for the demo seed: no audit entry, no cache to clear. */
export { insertCategory, insertSubcategories } from './categories.repository.ts';

/** What the admin's writes use. */
export type CategoryWriteContext = Pick<Deps, 'db' | 'contentCache' | 'clock' | 'log'>;

type WarningLog = Pick<FastifyBaseLogger, 'warn'>;

export interface PublicCategories {
  all: PublicCategory[];
  json: CachedJson;
}

/** The categories the home page filters by, each with its subcategories in their set order. */
export function listPublicCategories(
  db: Kysely<DB>,
  cache: ContentCache,
): Promise<PublicCategories> {
  return cache.get('categories', async () => {
    const [categories, subcategories] = await Promise.all([
      findAllCategories(db),
      findAllSubcategories(db),
    ]);
    const all = categories.map((category) => ({
      id: category.id,
      name: category.name,
      subcategories: subcategories
        .filter((s) => s.category_id === category.id)
        .map((s) => ({ id: s.id, name: s.name })),
    }));
    return { all, json: cacheJson(all) };
  });
}

/**
 * The stored fields. They are only ever written by this service, through the shared schema; a
 * list damaged by hand reads as the defaults rather than breaking the admin screen, and, given
 * where it was read from, is logged as a warning naming the category so someone repairs it.
 */
export function parseFormFields(
  json: string,
  source?: { categoryId: string; log: WarningLog },
): FormField[] {
  let problem: unknown;
  try {
    const parsed = FormFieldSchema.array().safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
    problem = parsed.error.issues;
  } catch (error) {
    // Not JSON: the defaults below.
    problem = error;
  }
  source?.log.warn(
    { categoryId: source.categoryId, err: problem },
    "a category's stored form fields are damaged: the default fields are used",
  );
  return DEFAULT_FORM_FIELDS.map((field) => ({ ...field }));
}

type SubcategoryRow = Awaited<ReturnType<typeof findSubcategoriesOf>>[number];

function toAdminCategory(
  row: CategoryRow,
  subcategories: SubcategoryRow[],
  competitions: Map<string, number>,
  entries: Map<string, number>,
  log: WarningLog,
): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    subcategories: subcategories
      .filter((s) => s.category_id === row.id)
      .map((s) => ({ id: s.id, name: s.name, entryCount: entries.get(s.id) ?? 0 })),
    formFields: parseFormFields(row.form_fields, { categoryId: row.id, log }),
    competitionCount: competitions.get(row.id) ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every category for the admin screen, newest first, with its counts as of now. */
export async function listAdminCategories(
  db: Kysely<DB>,
  log: WarningLog,
): Promise<AdminCategory[]> {
  const [categories, subcategories, competitions, entries] = await Promise.all([
    findAllCategories(db),
    findAllSubcategories(db),
    countCompetitionsByCategory(db),
    countEntriesBySubcategory(db),
  ]);
  return categories.map((row) => toAdminCategory(row, subcategories, competitions, entries, log));
}

export async function findAdminCategory(
  db: Kysely<DB>,
  id: string,
  log: WarningLog,
): Promise<AdminCategory | undefined> {
  if (!isRecordId(id)) return undefined;
  const row = await findCategoryById(db, id);
  if (!row) return undefined;
  const subcategories = await findSubcategoriesOf(db, id);
  const [competitions, entries] = await Promise.all([
    countCompetitionsByCategory(db, id),
    countEntriesBySubcategory(
      db,
      subcategories.map((s) => s.id),
    ),
  ]);
  return toAdminCategory(row, subcategories, competitions, entries, log);
}

const audit = auditEntriesOf('category');

export async function createCategory(
  deps: CategoryWriteContext,
  input: CategoryValues,
  actor: AuditActor,
): Promise<AdminCategory> {
  const id = randomUUID();
  const at = deps.clock.now();
  const now = at.toISOString();
  const formFields = resolveFormFields(input.formFields ?? [...DEFAULT_FORM_FIELDS], []);
  return writePublicContent(deps, async (trx) => {
    await insertCategory(trx, {
      id,
      name: input.name,
      form_fields: JSON.stringify(formFields),
      created_at: now,
      updated_at: now,
    });
    // Ids sent with a new category's rows name nothing yet: each row gets a new one.
    await insertSubcategories(
      trx,
      input.subcategories.map((sub, position) => ({
        id: randomUUID(),
        category_id: id,
        name: sub.name,
        position,
      })),
    );
    await recordAudit(
      trx,
      audit(actor, 'category.create', id, {
        name: input.name,
        subcategories: input.subcategories.map((s) => s.name),
      }),
      at,
    );
    return (await findAdminCategory(trx, id, deps.log)) as AdminCategory;
  });
}

/**
 * Saves the form over the category: its name, its subcategories in the order sent (existing ones
 * keep their ids; one left out is removed, unless a competition uses it) and its fields.
 */
export async function updateCategory(
  deps: CategoryWriteContext,
  id: string,
  input: CategoryValues,
  actor: AuditActor,
): Promise<AdminCategory> {
  if (!isRecordId(id)) throw notFound(CATEGORY_MESSAGES.notFound);
  const now = deps.clock.now();
  return writePublicContent(deps, async (trx) => {
    const row = await findCategoryById(trx, id, { lock: true });
    if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
    // Locked too: a competition cannot pick a subcategory up while it is being removed.
    const current = await findSubcategoriesOf(trx, id, { lock: true });
    const currentIds = new Set(current.map((s) => s.id));
    if (input.subcategories.some((s) => s.id !== undefined && !currentIds.has(s.id))) {
      throw invalidField('subcategories', CATEGORY_MESSAGES.unknownSubcategory);
    }
    const keptIds = new Set(input.subcategories.map((s) => s.id));
    const removed = current.filter((s) => !keptIds.has(s.id));
    const inUse = await countCompetitionsBySubcategory(
      trx,
      removed.map((s) => s.id),
    );
    for (const sub of removed) {
      const competitions = inUse.get(sub.id) ?? 0;
      if (competitions > 0) {
        throw new AppError(
          409,
          'SUBCATEGORY_IN_USE',
          subcategoryInUseMessage(sub.name, competitions),
        );
      }
    }
    const stored = parseFormFields(row.form_fields, { categoryId: id, log: deps.log });
    const formFields = resolveFormFields(input.formFields, stored);

    await updateCategoryRow(trx, id, {
      name: input.name,
      form_fields: JSON.stringify(formFields),
      updated_at: now.toISOString(),
    });
    await deleteSubcategories(
      trx,
      removed.map((s) => s.id),
    );
    const added = [];
    for (const [position, sub] of input.subcategories.entries()) {
      if (sub.id === undefined) {
        added.push({ id: randomUUID(), category_id: id, name: sub.name, position });
      } else {
        await updateSubcategory(trx, sub.id, { name: sub.name, position });
      }
    }
    await insertSubcategories(trx, added);
    await recordAudit(
      trx,
      audit(actor, 'category.update', id, {
        name: input.name,
        ...(row.name === input.name ? {} : { previousName: row.name }),
        subcategories: input.subcategories.map((s) => s.name),
        ...(removed.length > 0 ? { removedSubcategories: removed.map((s) => s.name) } : {}),
      }),
      now,
    );
    return (await findAdminCategory(trx, id, deps.log)) as AdminCategory;
  });
}

/** Deletes a category no competition uses; its subcategories go with it. */
export async function deleteCategory(
  deps: CategoryWriteContext,
  id: string,
  actor: AuditActor,
): Promise<void> {
  if (!isRecordId(id)) throw notFound(CATEGORY_MESSAGES.notFound);
  const now = deps.clock.now();
  await writePublicContent(deps, async (trx) => {
    const row = await findCategoryById(trx, id, { lock: true });
    if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
    const competitions = (await countCompetitionsByCategory(trx, id)).get(id) ?? 0;
    if (competitions > 0) {
      throw new AppError(409, 'CATEGORY_IN_USE', categoryInUseMessage(competitions));
    }
    await deleteCategoryRow(trx, id);
    await recordAudit(trx, audit(actor, 'category.delete', id, { name: row.name }), now);
  });
}
