import { useEffect, useRef, useState } from 'react';
import type { AdminBanner } from '../../../../shared/schemas/banner.ts';
import { Button } from '../../../components/button.tsx';
import { AdminTable, RowButton } from '../common/shell/admin-table.tsx';

export type MoveDirection = 'up' | 'down';

const CELL = 'px-3 py-2 text-left align-middle';

/**
 * The banners in display order (first shown first), each with its image, title, description,
 * Move up / Move down, Edit and Delete. `onMove` resolves true once the new order is saved; the
 * moved banner's button then has focus again, so the keyboard user can keep moving it.
 */
export function BannerTable({
  banners,
  onMove,
  onEdit,
  onDelete,
}: {
  banners: AdminBanner[];
  onMove: (banner: AdminBanner, direction: MoveDirection) => Promise<boolean>;
  onEdit: (banner: AdminBanner) => void;
  onDelete: (banner: AdminBanner) => void;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [moving, setMoving] = useState(false);
  // The moved banner, whose button takes the focus once the saved order is on screen.
  const refocus = useRef<{ id: string; direction: MoveDirection } | null>(null);

  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const index = banners.findIndex((b) => b.id === target.id);
    // At the top, Move up is disabled: its neighbour keeps the focus instead.
    const atEdge = target.direction === 'up' ? index === 0 : index === banners.length - 1;
    const direction = atEdge ? (target.direction === 'up' ? 'down' : 'up') : target.direction;
    buttons.current.get(`${target.id}:${direction}`)?.focus();
  }, [banners]);

  const move = async (banner: AdminBanner, direction: MoveDirection) => {
    // aria-disabled rather than disabled while saving: a disabled button would drop the focus.
    if (moving) return;
    setMoving(true);
    // Set before the list changes, so the render that shows the new order finds it.
    refocus.current = { id: banner.id, direction };
    if (!(await onMove(banner, direction))) refocus.current = null;
    setMoving(false);
  };

  const moveButton = (banner: AdminBanner, index: number, direction: MoveDirection) => (
    <Button
      variant="secondary"
      size="sm"
      ref={(element) => {
        const key = `${banner.id}:${direction}`;
        if (element) buttons.current.set(key, element);
        else buttons.current.delete(key);
      }}
      disabled={direction === 'up' ? index === 0 : index === banners.length - 1}
      aria-disabled={moving || undefined}
      onClick={() => void move(banner, direction)}
    >
      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
      Move {direction}
      <span className="sr-only"> {banner.title}</span>
    </Button>
  );

  return (
    <AdminTable
      caption="Banners, in the order the home page shows them"
      headings={['Order', 'Image', 'Title', 'Description', 'Actions']}
    >
      {banners.map((banner, index) => (
        <tr key={banner.id}>
          <td className={CELL}>
            <div className="flex flex-col items-start gap-1">
              <span className="font-semibold">{index + 1}</span>
              {moveButton(banner, index, 'up')}
              {moveButton(banner, index, 'down')}
            </div>
          </td>
          <td className={CELL}>
            <img
              src={banner.image.url}
              srcSet={banner.image.srcset || undefined}
              sizes="10rem"
              width={banner.image.width ?? undefined}
              height={banner.image.height ?? undefined}
              alt=""
              loading="lazy"
              className="h-20 w-40 max-w-none rounded-lg object-cover"
            />
          </td>
          <td className={`${CELL} font-semibold`}>{banner.title}</td>
          <td className={CELL}>{banner.description}</td>
          <td className={CELL}>
            <div className="flex flex-wrap gap-2">
              <RowButton variant="secondary" name={banner.title} onClick={() => onEdit(banner)}>
                Edit
              </RowButton>
              <RowButton variant="outline" name={banner.title} onClick={() => onDelete(banner)}>
                Delete
              </RowButton>
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
