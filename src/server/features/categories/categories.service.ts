import { randomBytes, randomUUID } from 'node:crypto';
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
  isDefaultFormField,
} from '../../../shared/schemas/form-field.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { CategoryRow, DB } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import {
  type AuditActor,
  auditEntriesOf,
  type ContentWriteContext,
  recordAudit,
  writePublicContent,
} from '../audit/audit.ts';
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
 * list damaged by hand reads as the defaults rather than breaking the admin screen.
 */
export function parseFormFields(json: string): FormField[] {
  try {
    const parsed = FormFieldSchema.array().safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: the defaults below.
  }
  return DEFAULT_FORM_FIELDS.map((field) => ({ ...field }));
}

type SubcategoryRow = Awaited<ReturnType<typeof findSubcategoriesOf>>[number];

function toAdminCategory(
  row: CategoryRow,
  subcategories: SubcategoryRow[],
  competitions: Map<string, number>,
  entries: Map<string, number>,
): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    subcategories: subcategories
      .filter((s) => s.category_id === row.id)
      .map((s) => ({ id: s.id, name: s.name, entryCount: entries.get(s.id) ?? 0 })),
    formFields: parseFormFields(row.form_fields),
    competitionCount: competitions.get(row.id) ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every category for the admin screen, newest first, with its counts as of now. */
export async function listAdminCategories(db: Kysely<DB>): Promise<AdminCategory[]> {
  const [categories, subcategories, competitions, entries] = await Promise.all([
    findAllCategories(db),
    findAllSubcategories(db),
    countCompetitionsByCategory(db),
    countEntriesBySubcategory(db),
  ]);
  return categories.map((row) => toAdminCategory(row, subcategories, competitions, entries));
}

export async function findAdminCategory(
  db: Kysely<DB>,
  id: string,
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
  return toAdminCategory(row, subcategories, competitions, entries);
}

const audit = auditEntriesOf('category');

/** An id for a new custom field: random, and checked against every id the category holds. */
function newFieldId(taken: Set<string>): string {
  for (;;) {
    const id = `custom_${randomBytes(6).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * The fields to store. Fields the category already has keep their ids and types (submissions
 * hold values by field id, read by type); a field without an id is a new custom one and gets a
 * fresh id; an id the category does not have is refused rather than adopted, so no field can
 * take over another's stored values.
 */
function resolveFormFields(
  sent: CategoryValues['formFields'],
  current: readonly FormField[],
): FormField[] {
  if (sent === undefined) return current.map((field) => ({ ...field }));
  const known = new Map(current.map((field) => [field.id, field]));
  const taken = new Set([...known.keys(), ...DEFAULT_FORM_FIELDS.map((f) => f.id)]);
  for (const field of sent) if (field.id !== undefined) taken.add(field.id);
  return sent.map((field, index) => {
    if (field.id === undefined) {
      const id = newFieldId(taken);
      taken.add(id);
      return { ...field, id };
    }
    const existing = known.get(field.id);
    if (!existing && !isDefaultFormField(field.id)) {
      throw invalidField(`formFields.${index}.id`, CATEGORY_MESSAGES.unknownFormField);
    }
    if (existing && existing.type !== field.type) {
      throw invalidField(`formFields.${index}.type`, CATEGORY_MESSAGES.formFieldType);
    }
    return { ...field, id: field.id };
  });
}

export async function createCategory(
  app: ContentWriteContext,
  input: CategoryValues,
  actor: AuditActor,
): Promise<AdminCategory> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const formFields = resolveFormFields(input.formFields ?? [...DEFAULT_FORM_FIELDS], []);
  return writePublicContent(app, async (trx) => {
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
    );
    return (await findAdminCategory(trx, id)) as AdminCategory;
  });
}

/**
 * Saves the form over the category: its name, its subcategories in the order sent (existing ones
 * keep their ids; one left out is removed, unless a competition uses it) and its fields.
 */
export async function updateCategory(
  app: ContentWriteContext,
  id: string,
  input: CategoryValues,
  actor: AuditActor,
): Promise<AdminCategory> {
  if (!isRecordId(id)) throw notFound(CATEGORY_MESSAGES.notFound);
  const { engine } = app.database;
  return writePublicContent(app, async (trx) => {
    const row = await findCategoryById(trx, id, engine);
    if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
    // Locked too: a competition cannot pick a subcategory up while it is being removed.
    const current = await findSubcategoriesOf(trx, id, engine);
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
    const formFields = resolveFormFields(input.formFields, parseFormFields(row.form_fields));

    await updateCategoryRow(trx, id, {
      name: input.name,
      form_fields: JSON.stringify(formFields),
      updated_at: new Date().toISOString(),
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
    );
    return (await findAdminCategory(trx, id)) as AdminCategory;
  });
}

/** Deletes a category no competition uses; its subcategories go with it. */
export async function deleteCategory(
  app: ContentWriteContext,
  id: string,
  actor: AuditActor,
): Promise<void> {
  if (!isRecordId(id)) throw notFound(CATEGORY_MESSAGES.notFound);
  await writePublicContent(app, async (trx) => {
    const row = await findCategoryById(trx, id, app.database.engine);
    if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
    const competitions = (await countCompetitionsByCategory(trx, id)).get(id) ?? 0;
    if (competitions > 0) {
      throw new AppError(409, 'CATEGORY_IN_USE', categoryInUseMessage(competitions));
    }
    await deleteCategoryRow(trx, id);
    await recordAudit(trx, audit(actor, 'category.delete', id, { name: row.name }));
  });
}
