import { useEffect, useRef, useState } from 'react';
import { type AdminCategory, CATEGORY_FAILURES } from '../../../../shared/schemas/category.ts';
import { buttonClassName } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AdminPage } from '../components/admin-page.tsx';
import {
  CATEGORIES_PATH,
  CATEGORY_TOAST_MS,
  CategoryFormDialog,
  withReason,
} from '../components/category-form.tsx';
import { CategoryList } from '../components/category-list.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ResourceView } from '../components/resource-view.tsx';
import { useAdminResource } from '../lib/use-admin-resource.ts';
import { useAdminFetch } from '../session.tsx';

/** The form: closed, open for a new category (null), or open on one. */
type Editing = { category: AdminCategory | null } | undefined;

/** Seed §2 "Categories", with the category form of §4 and §5. */
export default function CategoriesPage() {
  const [revision, setRevision] = useState(0);
  const loaded = useAdminResource<AdminCategory[]>(CATEGORIES_PATH, revision);
  // Seed §8: a failed list says 'Failed to fetch categories'.
  const categories = {
    ...loaded,
    error: loaded.error && new ApiError(loaded.error.status, 'FETCH', CATEGORY_FAILURES.fetch),
  };
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const addButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  // After a deletion its row and Delete button go: focus goes back to the top of the list, once
  // the dialog has closed (a child's effect, so it has run before this one).
  const focusAddButton = useRef(false);
  useEffect(() => {
    if (deleting !== null || !focusAddButton.current) return;
    focusAddButton.current = false;
    addButton.current?.focus();
  }, [deleting]);

  const saved = (category: AdminCategory) => {
    const added = editing?.category === null;
    setEditing(undefined);
    const done = added ? 'added' : 'updated';
    showToast(`Category '${category.name}' ${done} successfully`, {
      variant: 'success',
      durationMs: CATEGORY_TOAST_MS,
    });
    setRevision((n) => n + 1);
  };

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(undefined);
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(undefined);
    try {
      await adminFetch(`${CATEGORIES_PATH}/${encodeURIComponent(deleting.id)}`, {
        method: 'DELETE',
      });
      focusAddButton.current = true;
      closeDelete();
      showToast(`Category '${deleting.name}' deleted successfully`, {
        variant: 'success',
        durationMs: CATEGORY_TOAST_MS,
      });
      setRevision((n) => n + 1);
    } catch (failure) {
      // With the reason: in use by N competitions, say.
      setDeleteError(withReason(CATEGORY_FAILURES.delete, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminPage title="Categories">
      <div>
        <button
          type="button"
          ref={addButton}
          onClick={() => setEditing({ category: null })}
          className={buttonClassName()}
        >
          Add Category
        </button>
      </div>
      <ResourceView resource={categories}>
        {(list) => (
          <CategoryList
            categories={list}
            onEdit={(category) => setEditing({ category })}
            onDelete={setDeleting}
          />
        )}
      </ResourceView>
      <CategoryFormDialog
        open={editing !== undefined}
        category={editing?.category ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={saved}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'category'}`}
        question="Are you sure you want to delete this category?"
        confirmLabel="Delete"
        busy={busy}
        error={deleteError}
        onConfirm={remove}
        onClose={closeDelete}
      />
    </AdminPage>
  );
}
