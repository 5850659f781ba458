import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AdminBanner } from '../../../../shared/schemas/banner.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { BANNER_TOAST_MS, BannerForm } from './banner-form.tsx';
import { BannerTable, type MoveDirection } from './banner-table.tsx';
import { bannersQuery, deleteBanner, orderBanners } from './api/banners.ts';

/** Seed §8: the banner screen's failure messages, shown in red. */
export const BANNER_FAILURES = {
  fetch: 'Failed to fetch banners',
  update: 'Failed to update banner',
  delete: 'Failed to delete banner',
} as const;

type Editing = { banner?: AdminBanner } | null;

/**
 * Seed §2 "Banner Settings": the home slideshow's banners in their order, with
 * 'Add Banner', Edit, Delete and Move up / Move down (a new banner comes first).
 */
export default function BannersPage() {
  const queryClient = useQueryClient();
  const banners = useAdminQuery(bannersQuery);
  const ordering = useMutation({ mutationFn: orderBanners });
  const removal = useMutation({ mutationFn: deleteBanner });
  const { showToast } = useToast();
  // A failed move's message, until the next thing done here succeeds.
  const [moveError, setMoveError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const list = banners.data;
  const reload = () => void queryClient.invalidateQueries({ queryKey: bannersQuery.queryKey });

  const openForm = (banner?: AdminBanner) => setEditing(banner ? { banner } : {});
  const closeForm = () => setEditing(null);

  const move = async (banner: AdminBanner, direction: MoveDirection): Promise<boolean> => {
    if (!list) return false;
    const from = list.findIndex((b) => b.id === banner.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from === -1 || to < 0 || to >= list.length) return false;
    const ids = list.map((b) => b.id);
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    setMoveError(undefined);
    try {
      const saved = await ordering.mutateAsync(ids);
      // The answer is the list in its new order: shown until the next load.
      queryClient.setQueryData(bannersQuery.queryKey, saved);
      setAnnouncement(`${banner.title} moved to position ${to + 1} of ${saved.length}.`);
      return true;
    } catch (error) {
      setMoveError(withReason(BANNER_FAILURES.update, error));
      // Someone may have added or removed a banner meanwhile: show the list as it is now.
      reload();
      return false;
    }
  };

  const deletion = useConfirmAction({
    act: (banner: AdminBanner) => removal.mutateAsync(banner.id),
    done: () => {
      setMoveError(undefined);
      showToast('Banner deleted successfully', { variant: 'success', durationMs: BANNER_TOAST_MS });
      reload();
    },
    failure: (error) => withReason(BANNER_FAILURES.delete, error),
    // Its row, and the Delete button that opened the dialog, are about to go.
    focusAfter: addButton,
  });

  // The list's own failure, in the seed's words; 'Try again' loads it again.
  const shown = withSeedMessage(banners, BANNER_FAILURES.fetch);

  return (
    <AdminPage title="Banner Settings">
      <Button ref={addButton} className="self-start" onClick={() => openForm()}>
        Add Banner
      </Button>
      <ModalDialog
        open={editing !== null}
        title={editing?.banner ? 'Edit Banner' : 'Add Banner'}
        onClose={closeForm}
        form
      >
        <BannerForm
          banner={editing?.banner}
          onSaved={() => {
            setMoveError(undefined);
            closeForm();
            reload();
          }}
          onCancel={closeForm}
        />
      </ModalDialog>
      <FormAlert message={moveError} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ResourceView resource={shown}>
        {(data) =>
          data.length === 0 ? (
            <p className={MUTED_TEXT}>No banners found. Add one to get started.</p>
          ) : (
            <BannerTable banners={data} onMove={move} onEdit={openForm} onDelete={deletion.ask} />
          )
        }
      </ResourceView>
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete ${deletion.target?.title ?? 'banner'}`}
        question="Are you sure you want to delete this banner?"
        confirmLabel="Delete"
      />
    </AdminPage>
  );
}
