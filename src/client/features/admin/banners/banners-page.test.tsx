import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBanner } from '../../../../shared/schemas/banner.ts';
import {
  type Answer,
  envelope,
  expectToastFor,
  renderAdmin,
  requiredMarks,
  SIGNED_IN,
  stubApi,
  stubUploads,
  userOnFakeClock,
} from '../common/test-helpers.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PATH = '/api/admin/banners';
const BUSY = envelope(503, 'BUSY', 'The server is busy. Please try again in a moment.');

function bannerOf(n: number, overrides: Partial<AdminBanner> = {}): AdminBanner {
  const url = `/media/b${n}.jpg`;
  return {
    id: `id-${n}`,
    title: `Banner ${n}`,
    description: `Words ${n}`,
    imageUrl: url,
    image: { url, width: 1600, height: 667, srcset: `/media/b${n}-400.webp 400w` },
    position: n,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The server's list, which the stubbed write routes change as the real ones would. */
function stubBanners(initial: AdminBanner[], extra: Parameters<typeof stubApi>[0] = {}) {
  let list = [...initial];
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [`GET ${PATH}`]: () => ({ status: 200, body: list }),
    [`PUT ${PATH}/order`]: (body) => {
      bodies.push(body);
      const { ids } = body as { ids: string[] };
      list = ids.map((id, position) => ({ ...list.find((b) => b.id === id)!, position }));
      return { status: 200, body: list };
    },
    ...extra,
  });
  return { calls, bodies, setList: (next: AdminBanner[]) => (list = next) };
}

const rows = () => screen.getAllByRole('row').slice(1);
const titles = () => rows().map((row) => within(row).getAllByRole('cell')[2]?.textContent);

/** Chooses a picture in the form's upload widget (stubUploads answers for the server). */
function chooseImage(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  return user.upload(
    within(form).getByLabelText(/Banner image/),
    new File([new Uint8Array(10)], 'new.jpg', { type: 'image/jpeg' }),
  );
}

describe('the banner settings page', () => {
  it('lists the banners in order with image, title, description, Edit and Delete', async () => {
    stubBanners([bannerOf(1), bannerOf(2)]);
    renderAdmin('/admin/banner-settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banner Settings' })).toBeTruthy();
    await screen.findByRole('cell', { name: 'Banner 1' });
    expect(titles()).toEqual(['Banner 1', 'Banner 2']);
    const [first] = rows();
    const image = first!.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/b1.jpg');
    expect(image?.getAttribute('srcset')).toBe('/media/b1-400.webp 400w');
    expect(within(first!).getByText('Words 1')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Edit Banner 1' })).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Delete Banner 1' })).toBeTruthy();
    expect(
      (within(first!).getByRole('button', { name: 'Move up Banner 1' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Move down Banner 2' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says so when there are none', async () => {
    stubBanners([]);
    renderAdmin('/admin/banner-settings');
    expect(await screen.findByText('No banners found. Add one to get started.')).toBeTruthy();
  });

  it("shows 'Failed to fetch banners' in red when the list cannot load, and tries again", async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      [`GET ${PATH}`]: () =>
        fail ? { status: 500, body: { oops: true } } : { status: 200, body: [bannerOf(1)] },
    });
    renderAdmin('/admin/banner-settings');
    const alert = await screen.findByText('Failed to fetch banners');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-800');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Banner 1' })).toBeTruthy();
  });

  it('marks its three fields, all required, with *', async () => {
    stubBanners([]);
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Add Banner' }));
    const form = screen.getByRole('dialog', { name: 'Add Banner' });
    const all = ['Banner image *', 'Title *', 'Description *'];
    expect(requiredMarks(form)).toEqual({ required: all, marked: all });
  });

  it('checks the form with the shared rules before sending anything', async () => {
    const { calls } = stubBanners([]);
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Add Banner' }));
    const form = screen.getByRole('dialog', { name: 'Add Banner' });
    // A modal form, as the other screens' (the browser keeps focus inside it).
    expect((form as HTMLDialogElement).open).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Save Banner' }));
    expect(await within(form).findByText('Banner image is required')).toBeTruthy();
    expect(within(form).getByText('Title is required')).toBeTruthy();
    expect(within(form).getByText('Description is required')).toBeTruthy();
    expect(within(form).getByLabelText('Title *').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
    // After that failed submit, an uploaded image clears its message at once.
    stubUploads({ answer: '/media/new.jpg' });
    await chooseImage(user, form);
    await waitFor(() => expect(within(form).queryByText('Banner image is required')).toBeNull());
    expect(within(form).getByText('Title is required')).toBeTruthy();
  });

  it('adds a banner with an uploaded image, toasts for 3 s and shows the new list', async () => {
    const user = userOnFakeClock();
    stubUploads({ answer: '/media/new.jpg' });
    const posted: unknown[] = [];
    const { setList } = stubBanners([bannerOf(1)], {
      [`POST ${PATH}`]: (body) => {
        posted.push(body);
        setList([bannerOf(9, { title: 'Fresh', imageUrl: '/media/new.jpg' }), bannerOf(1)]);
        return { status: 201, body: bannerOf(9) };
      },
    });
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Add Banner' }));
    const form = screen.getByRole('dialog', { name: 'Add Banner' });
    await chooseImage(user, form);
    expect((await within(form).findByAltText('Banner image: preview')).getAttribute('src')).toBe(
      '/media/new.jpg',
    );
    await user.type(within(form).getByLabelText('Title *'), ' Fresh ');
    await user.type(within(form).getByLabelText('Description *'), 'New words');
    await user.click(within(form).getByRole('button', { name: 'Save Banner' }));
    expectToastFor(await screen.findByText('Banner added successfully'), 3000);
    expect(posted).toEqual([
      { title: 'Fresh', description: 'New words', imageUrl: '/media/new.jpg' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Add Banner' })).toBeNull();
    await waitFor(() => expect(titles()).toEqual(['Fresh', 'Banner 1']));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Banner' }));
  });

  it('waits for the image to finish uploading before saving, saying so', async () => {
    const uploads = stubUploads();
    const posted: unknown[] = [];
    stubBanners([], {
      [`POST ${PATH}`]: (body) => {
        posted.push(body);
        return { status: 201, body: bannerOf(9) };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Add Banner' }));
    const form = screen.getByRole('dialog', { name: 'Add Banner' });
    await user.type(within(form).getByLabelText('Title *'), 'Fresh');
    await user.type(within(form).getByLabelText('Description *'), 'New words');
    await chooseImage(user, form);
    const save = within(form).getByRole('button', { name: 'Save Banner' });
    await user.click(save);
    const wait = await within(form).findByRole('alert');
    expect(wait.textContent).toBe('Wait for the image to finish uploading.');
    // Not the image's own message: it is on its way, not missing.
    expect(within(form).queryByText('Banner image is required')).toBeNull();
    // Each try is answered by a new alert, which screen readers read out again.
    await user.click(save);
    const again = within(form).getByRole('alert');
    expect(again.textContent).toBe('Wait for the image to finish uploading.');
    expect(again).not.toBe(wait);
    expect(posted).toEqual([]);

    await uploads.finish('/media/new.jpg');
    await waitFor(() =>
      expect(within(form).queryByText('Wait for the image to finish uploading.')).toBeNull(),
    );
    await user.click(save);
    expect(await screen.findByText('Banner added successfully')).toBeTruthy();
    expect(posted).toEqual([
      { title: 'Fresh', description: 'New words', imageUrl: '/media/new.jpg' },
    ]);
  });

  it("shows the server's field message and 'Failed to add banner' in red when adding fails", async () => {
    stubUploads({ answer: '/media/new.jpg' });
    stubBanners([], {
      [`POST ${PATH}`]: envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        imageUrl: 'Upload the banner image here; this image is not one of the uploaded ones.',
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Add Banner' }));
    const form = screen.getByRole('dialog', { name: 'Add Banner' });
    await chooseImage(user, form);
    await user.type(within(form).getByLabelText('Title *'), 'T');
    await user.type(within(form).getByLabelText('Description *'), 'D');
    await user.click(within(form).getByRole('button', { name: 'Save Banner' }));
    const alert = await within(form).findByText('Failed to add banner');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-900');
    expect(
      within(form).getByText(
        'Upload the banner image here; this image is not one of the uploaded ones.',
      ),
    ).toBeTruthy();
  });

  it('edits a banner with its values filled in', async () => {
    const put: unknown[] = [];
    const { setList } = stubBanners([bannerOf(1), bannerOf(2)], {
      [`PUT ${PATH}/id-2`]: (body) => {
        put.push(body);
        setList([bannerOf(1), bannerOf(2, { title: 'Renamed' })]);
        return { status: 200, body: bannerOf(2, { title: 'Renamed' }) };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    const edit = await screen.findByRole('button', { name: 'Edit Banner 2' });
    await user.click(edit);
    const form = screen.getByRole('dialog', { name: 'Edit Banner' });
    expect((within(form).getByLabelText('Title *') as HTMLInputElement).value).toBe('Banner 2');
    expect((within(form).getByLabelText('Description *') as HTMLTextAreaElement).value).toBe(
      'Words 2',
    );
    expect(within(form).getByAltText('Banner image: preview').getAttribute('src')).toBe(
      '/media/b2.jpg',
    );
    await user.clear(within(form).getByLabelText('Title *'));
    await user.type(within(form).getByLabelText('Title *'), 'Renamed');
    await user.click(within(form).getByRole('button', { name: 'Update Banner' }));
    expect(await screen.findByText('Banner updated successfully')).toBeTruthy();
    expect(put).toEqual([{ title: 'Renamed', description: 'Words 2', imageUrl: '/media/b2.jpg' }]);
    await waitFor(() => expect(titles()).toEqual(['Banner 1', 'Renamed']));
    expect(document.activeElement).toBe(edit);
  });

  it("says 'Failed to update banner' in red with the server's reason when saving an edit fails; Cancel closes the form", async () => {
    stubBanners([bannerOf(1)], { [`PUT ${PATH}/id-1`]: BUSY });
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Edit Banner 1' }));
    const form = screen.getByRole('dialog', { name: 'Edit Banner' });
    await user.click(within(form).getByRole('button', { name: 'Update Banner' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Failed to update banner. The server is busy. Please try again in a moment.',
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Banner' })).toBeNull();
  });

  it('moves a banner down and up, announcing it and keeping the focus on it', async () => {
    const { bodies } = stubBanners([bannerOf(1), bannerOf(2), bannerOf(3)]);
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Move down Banner 1' }));
    await waitFor(() => expect(titles()).toEqual(['Banner 2', 'Banner 1', 'Banner 3']));
    expect(bodies).toEqual([{ ids: ['id-2', 'id-1', 'id-3'] }]);
    expect(screen.getByText('Banner 1 moved to position 2 of 3.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Move down Banner 1' }),
      ),
    );
    // To the top: Move up is then disabled, so focus stays on the banner's Move down.
    await user.click(screen.getByRole('button', { name: 'Move up Banner 1' }));
    await waitFor(() => expect(titles()).toEqual(['Banner 1', 'Banner 2', 'Banner 3']));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Move down Banner 1' }),
      ),
    );
    expect(screen.getByText('Banner 1 moved to position 1 of 3.')).toBeTruthy();
  });

  it("says 'Failed to update banner' in red with the reason when a move is refused, and shows the list as it is", async () => {
    const { setList } = stubBanners([bannerOf(1), bannerOf(2)], {
      [`PUT ${PATH}/order`]: () => {
        // Someone else added one meanwhile.
        setList([bannerOf(3), bannerOf(1), bannerOf(2)]);
        return envelope(400, 'VALIDATION_ERROR', 'The order must name every banner exactly once.');
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Move down Banner 1' }));
    const alert = await screen.findByText(
      'Failed to update banner. The order must name every banner exactly once.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-900');
    await waitFor(() => expect(titles()).toEqual(['Banner 3', 'Banner 1', 'Banner 2']));
  });

  it("clears a failed move's message once something else succeeds", async () => {
    const { setList } = stubBanners([bannerOf(1), bannerOf(2)], {
      [`PUT ${PATH}/order`]: BUSY,
      [`PUT ${PATH}/id-2`]: () => {
        setList([bannerOf(1), bannerOf(2, { title: 'Renamed' })]);
        return { status: 200, body: bannerOf(2, { title: 'Renamed' }) };
      },
      [`DELETE ${PATH}/id-1`]: () => {
        setList([bannerOf(2, { title: 'Renamed' })]);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/banner-settings');
    const moveFailed = 'Failed to update banner. The server is busy. Please try again in a moment.';

    // An edit saved.
    await user.click(await screen.findByRole('button', { name: 'Move down Banner 1' }));
    expect(await screen.findByText(moveFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Banner 2' }));
    const form = screen.getByRole('dialog', { name: 'Edit Banner' });
    await user.click(within(form).getByRole('button', { name: 'Update Banner' }));
    expect(await screen.findByText('Banner updated successfully')).toBeTruthy();
    expect(screen.queryByText(moveFailed)).toBeNull();

    // A banner deleted.
    await user.click(screen.getByRole('button', { name: 'Move down Banner 1' }));
    expect(await screen.findByText(moveFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Banner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Banner 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Banner deleted successfully')).toBeTruthy();
    expect(screen.queryByText(moveFailed)).toBeNull();
  });

  it('deletes a banner after asking, toasting for 3 s, or says it failed in red', async () => {
    let fail = true;
    const { setList } = stubBanners([bannerOf(1), bannerOf(2)], {
      [`DELETE ${PATH}/id-1`]: (): Answer => {
        if (fail) return BUSY;
        setList([bannerOf(2)]);
        return { status: 204 };
      },
    });
    const user = userOnFakeClock();
    renderAdmin('/admin/banner-settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Banner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Banner 1' });
    expect(within(dialog).getByText('Are you sure you want to delete this banner?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to delete banner. The server is busy. Please try again in a moment.',
    );
    expect(titles()).toEqual(['Banner 1', 'Banner 2']);

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expectToastFor(await screen.findByText('Banner deleted successfully'), 3000);
    await waitFor(() => expect(titles()).toEqual(['Banner 2']));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its row and Delete button are gone: focus waits at the top of the list.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Banner' }));
  });
});
