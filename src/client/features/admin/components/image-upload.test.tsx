import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../session.tsx';
import { SIGNED_IN, stubApi } from '../test-helpers.tsx';
import { ImageUpload } from './image-upload.tsx';

afterEach(() => vi.restoreAllMocks());

function Harness({ initial = '' }: { initial?: string }) {
  const [url, setUrl] = useState(initial);
  return (
    <SessionProvider>
      <ImageUpload label="Banner image" value={url} onChange={setUrl} required />
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
    fireEvent.click(screen.getByRole('button', { name: 'Remove banner image' }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.queryByAltText('Banner image: preview')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Banner image removed');
  });

  it("says 'Error loading image' when the preview cannot be shown", async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    render(<Harness initial="/media/missing.jpg" />);
    fireEvent.error(screen.getByAltText('Banner image: preview'));
    expect(await screen.findByText('Error loading image')).toBeTruthy();
  });
});
