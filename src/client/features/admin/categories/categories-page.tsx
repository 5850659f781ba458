import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  type AdminCategory,
  CATEGORY_FAILURES,
  categoryInUseMessage,
} from '../../../../shared/schemas/category.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage } from '../common/shell/admin-page.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { categoriesQuery, deleteCategory } from './api/categories.ts';
import { CATEGORY_TOAST_MS, CategoryForm } from './category-form.tsx';
import { CategoryList } from './category-list.tsx';

/** The form: closed, open for a new category (null), or open on one. */
type Editing = { category: AdminCategory | null } | undefined;

/** Seed §2 "Categories", with the category form of §4 and §5. */
export default function CategoriesPage() {
  const queryClient = useQueryClient();
  const categories = useAdminQuery(categoriesQuery);
  const removal = useMutation({ mutationFn: deleteCategory });
  const reload = () => void queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey });
  const { showToast } = useToast();
  const addButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState<Editing>();

  const saved = (category: AdminCategory) => {
    const added = editing?.category === null;
    setEditing(undefined);
    const done = added ? 'added' : 'updated';
    showToast(`Category '${category.name}' ${done} successfully`, {
      variant: 'success',
      durationMs: CATEGORY_TOAST_MS,
    });
    reload();
  };

  const deletion = useConfirmAction({
    act: (category: AdminCategory) => removal.mutateAsync(category),
    done: (category) => {
      showToast(`Category '${category.name}' deleted successfully`, {
        variant: 'success',
        durationMs: CATEGORY_TOAST_MS,
      });
      reload();
    },
    // With the reason: in use by N competitions, say.
    failure: (error) => withReason(CATEGORY_FAILURES.delete, error),
    // Its row, and the Delete button that opened the dialog, are about to go.
    focusAfter: addButton,
  });

  // A category its competitions use cannot go: say so at once rather than ask first. The server
  // still refuses it (another admin may have added a competition since the list loaded).
  const askToDelete = (category: AdminCategory) => {
    if (category.competitionCount > 0) {
      showToast(`${CATEGORY_FAILURES.delete}. ${categoryInUseMessage(category.competitionCount)}`, {
        variant: 'error',
      });
    } else {
      deletion.ask(category);
    }
  };

  return (
    <AdminPage title="Categories">
      <Button ref={addButton} className="self-start" onClick={() => setEditing({ category: null })}>
        Add Category
      </Button>
      <ResourceView resource={withSeedMessage(categories, CATEGORY_FAILURES.fetch)}>
        {(list) => (
          <CategoryList
            categories={list}
            onEdit={(category) => setEditing({ category })}
            onDelete={askToDelete}
          />
        )}
      </ResourceView>
      <ModalDialog
        open={editing !== undefined}
        title={editing?.category ? 'Edit Category' : 'Add Category'}
        onClose={() => setEditing(undefined)}
        form
      >
        <CategoryForm
          category={editing?.category ?? null}
          onClose={() => setEditing(undefined)}
          onSaved={saved}
        />
      </ModalDialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete ${deletion.target?.name ?? 'category'}`}
        question="Are you sure you want to delete this category?"
        confirmLabel="Delete"
      />
    </AdminPage>
  );
}
