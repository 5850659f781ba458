import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../session.tsx';
import { SIGNED_IN, stubApi, stubUploads } from '../test-helpers.tsx';
import { ImageUpload } from './image-upload.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Harness({
  initial = '',
  onBusyChange,
}: {
  initial?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [url, setUrl] = useState(initial);
  return (
    <SessionProvider>
      <ImageUpload
        label="Banner image"
        value={url}
        onChange={setUrl}
        required
        onBusyChange={onBusyChange}
      />
      <span data-testid="value">{url}</span>
    </SessionProvider>
  );
}

const fileOf = (type: string, bytes: number, name = 'picture') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('ImageUpload', () => {
  it('shows the hint and refuses a file of another type before sending anything', async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    render(<Harness />);
    expect(screen.getByText('PNG, JPG up to 10MB')).toBeTruthy();
    const input = screen.getByLabelText(/Banner image/);
    fireEvent.change(input, { target: { files: [fileOf('application/x-php', 100, 'x.php')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid file type. Please upload a JPEG or PNG image.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a file over 10 MB before sending anything', async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    render(<Harness />);
    fireEvent.change(screen.getByLabelText(/Banner image/), {
      target: { files: [fileOf('image/jpeg', 10 * 1024 * 1024 + 1)] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'File size must be less than 10MB.',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('previews the current image and removes it', async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    render(<Harness initial="/media/abc.jpg" />);
    const preview = screen.getByAltText('Banner image: preview');
    expect(preview.getAttribute('src')).toBe('/media/abc.jpg');
    const remove = screen.getByRole('button', { name: 'Remove banner image' });
    remove.focus();
    fireEvent.click(remove);
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.queryByAltText('Banner image: preview')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Banner image removed');
    // Its button has gone: the focus is on the file input, not lost to the page.
    expect(document.activeElement).toBe(screen.getByLabelText(/Banner image/));
  });

  it("says 'Error loading image' when the preview cannot be shown", async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    render(<Harness initial="/media/missing.jpg" />);
    fireEvent.error(screen.getByAltText('Banner image: preview'));
    expect(await screen.findByText('Error loading image')).toBeTruthy();
  });

  it('tells the form while a file is being sent, until it is kept or the upload is cancelled', async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    const uploads = stubUploads();
    const busy = vi.fn();
    render(<Harness onBusyChange={busy} />);
    const choose = () =>
      fireEvent.change(screen.getByLabelText(/Banner image/), {
        target: { files: [fileOf('image/jpeg', 100, 'new.jpg')] },
      });
    expect(busy).not.toHaveBeenCalled();

    choose();
    await waitFor(() => expect(busy.mock.calls).toEqual([[true]]));
    await uploads.finish('/media/new.jpg');
    await waitFor(() => expect(busy.mock.calls).toEqual([[true], [false]]));
    expect(screen.getByTestId('value').textContent).toBe('/media/new.jpg');

    choose();
    await waitFor(() => expect(busy).toHaveBeenCalledTimes(3));
    const cancel = screen.getByRole('button', { name: 'Cancel upload' });
    cancel.focus();
    fireEvent.click(cancel);
    await waitFor(() => expect(busy.mock.calls).toEqual([[true], [false], [true], [false]]));
    expect(screen.getByTestId('value').textContent).toBe('/media/new.jpg');
    expect(screen.getByRole('status').textContent).toBe('Upload cancelled');
    // Cancel upload has gone with the progress bar: the focus is on the file input.
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/Banner image/));
  });
  it("says 'Failed to upload image' when the server fails or the connection drops, and the server's words for a picture it cannot read", async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    const uploads = stubUploads();
    render(<Harness />);
    const input = () => screen.getByLabelText(/Banner image/);
    const choose = () =>
      fireEvent.change(input(), { target: { files: [fileOf('image/png', 100, 'a.png')] } });
    const envelope = (code: string, message: string) => ({ error: { code, message } });

    for (const fail of [
      () => uploads.refuse(500, envelope('INTERNAL_ERROR', 'Something broke')),
      () => uploads.cutOff(),
    ]) {
      choose();
      await waitFor(() => expect(uploads.pending).toHaveLength(1));
      await fail();
      expect((await screen.findByRole('alert')).textContent).toBe('Failed to upload image');
      expect(input().getAttribute('aria-invalid')).toBe('true');
    }

    choose();
    await waitFor(() => expect(uploads.pending).toHaveLength(1));
    await uploads.refuse(422, envelope('IMAGE_UNREADABLE', 'Failed to process image'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to process image'),
    );
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
