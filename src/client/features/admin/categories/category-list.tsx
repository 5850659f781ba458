import { Fragment, useId, useState } from 'react';
import type { AdminCategory } from '../../../../shared/schemas/category.ts';
import { Button } from '../../../components/button.tsx';
import { FOCUS_RING, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';

export const NO_CATEGORIES = 'No categories found. Create one to get started.';

const CELL = 'px-3 py-3 text-left align-middle';
const COLUMNS = ['Name', 'Subcategories', 'Form fields', 'Competitions', 'Actions'];

/** Seed §2: each subcategory's 'N entries' count (one entry reads '1 entry'). */
export function entriesText(count: number): string {
  return count === 1 ? '1 entry' : `${count} entries`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Seed §2 "Categories": one row per category with Edit, Delete and an expander showing each
 * subcategory with its number of entries.
 */
export function CategoryList({
  categories,
  onEdit,
  onDelete,
}: {
  categories: AdminCategory[];
  onEdit: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
}) {
  if (categories.length === 0) return <p className={MUTED_TEXT}>{NO_CATEGORIES}</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table className="w-full">
        <TableHead caption="Categories, newest first" headings={COLUMNS} />
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {categories.map((category) => (
            <CategoryRow
              key={category.id}
              category={category}
              onEdit={() => onEdit(category)}
              onDelete={() => onDelete(category)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CategoryRow({
  category,
  onEdit,
  onDelete,
}: {
  category: AdminCategory;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const enabled = category.formFields.filter((f) => f.enabled).length;
  return (
    <Fragment>
      <tr>
        <th scope="row" className={`${CELL} font-semibold`}>
          {category.name}
        </th>
        <td className={CELL}>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded(!expanded)}
            className={`inline-flex min-h-9 items-center gap-2 rounded-lg px-2 font-medium text-[var(--color-primary-text)] underline-offset-4 hover:underline ${FOCUS_RING}`}
          >
            <span
              aria-hidden="true"
              className={`transition-transform ${expanded ? 'rotate-90' : ''}`}
            >
              ▶
            </span>
            {plural(category.subcategories.length, 'subcategory', 'subcategories')}
            <span className="sr-only"> of {category.name}</span>
          </button>
        </td>
        <td className={CELL}>
          {enabled} of {category.formFields.length} enabled
        </td>
        <td className={CELL}>{category.competitionCount}</td>
        <td className={CELL}>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={onEdit}>
              Edit<span className="sr-only"> {category.name}</span>
            </Button>
            <Button variant="secondary" size="sm" onClick={onDelete}>
              Delete<span className="sr-only"> {category.name}</span>
            </Button>
          </div>
        </td>
      </tr>
      <tr id={detailsId} hidden={!expanded} className="bg-gray-50 dark:bg-gray-800/60">
        <td colSpan={COLUMNS.length} className="px-6 py-3">
          {category.subcategories.length === 0 ? (
            <p className={MUTED_TEXT}>No subcategories</p>
          ) : (
            <ul aria-label={`Subcategories of ${category.name}`} className="flex flex-col gap-1">
              {category.subcategories.map((sub) => (
                <li key={sub.id} className="flex flex-wrap gap-x-3">
                  <span className="font-medium">{sub.name}</span>
                  <span className={MUTED_TEXT}>{entriesText(sub.entryCount)}</span>
                </li>
              ))}
            </ul>
          )}
        </td>
      </tr>
    </Fragment>
  );
}
