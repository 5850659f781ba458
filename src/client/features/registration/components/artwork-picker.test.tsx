import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_COMPETITION } from './test-competition.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { RegistrationForm } from './registration-form.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const COMPETITION = TEST_COMPETITION;

function renderForm(competition: PublicCompetition) {
  render(
    <MemoryRouter>
      <ToastProvider>
        <RegistrationForm
          competition={competition}
          formFields={DEFAULT_FORM_FIELDS.filter((f) => f.enabled)}
        />
      </ToastProvider>
    </MemoryRouter>,
  );
}

/** happy-dom decodes no pictures: each chosen file decodes to this size (upright). */
function decodeAs(width: number, height: number) {
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width, height, close: () => {} }));
  // An artwork is never drawn again: any use of a canvas is a failure of this test.
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob');
  return { toBlob };
}

const artworkInput = () => screen.getByLabelText(/^Artwork Photo/);
const camera = () => new File([new Uint8Array(4096)], 'canvas.png', { type: 'image/png' });

describe('the artwork picker', () => {
  it('sends the artwork at full size, as chosen, and says so before a file is chosen', async () => {
    renderForm(COMPETITION);
    expect(screen.getByText(/Sent at full size, as you chose it\.$/)).toBeTruthy();
    const { toBlob } = decodeAs(6000, 4000);
    await userEvent.setup().upload(artworkInput(), camera());
    await screen.findByRole('img', { name: 'Artwork Photo: preview' });
    // Its own size, not 2560 px: nothing was shrunk or encoded again.
    expect(screen.getByText('6000 × 4000 px, 4 KB')).toBeTruthy();
    expect(toBlob).not.toHaveBeenCalled();
  });

  it("states the competition's minimum, and refuses a smaller artwork with the numbers", async () => {
    renderForm({ ...COMPETITION, minArtworkLongSide: 3000 });
    expect(screen.getByText(/At least 3,000 pixels on the longer side\.$/)).toBeTruthy();
    decodeAs(1200, 900);
    await userEvent.setup().upload(artworkInput(), camera());
    const message =
      'This picture is 1,200 × 900 pixels; this competition asks for at least 3,000 pixels on the longer side.';
    // Under the picker, and said to a screen reader.
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.queryByRole('img', { name: 'Artwork Photo: preview' })).toBeNull();
  });
});
