import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettingsForm } from '../../../../shared/schemas/settings.ts';
import { SELLER_MESSAGES } from '../../../../shared/schemas/seller.ts';
import { SITE_SETTINGS_MESSAGES } from '../../../../shared/schemas/settings.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../../../../shared/site-defaults.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { SettingsProvider } from '../../../lib/settings.tsx';
import AdminEntry from '../admin-entry.tsx';
import {
  type Answer,
  envelope,
  requiredMarks,
  SIGNED_IN,
  stubApi,
  stubUploads,
} from '../common/test-helpers.tsx';
import { SITE_SETTINGS_FAILED, SITE_SETTINGS_SAVED } from './site-settings-page.tsx';

const FORM: SiteSettingsForm = {
  title: 'White Stroke International Art Space',
  description: 'Showcase your creativity and compete with artists worldwide',
  logo: '',
  heroImage: '',
  primaryColor: '#7C3AED',
  darkMode: false,
  fontFamily: 'inter',
  timeZone: 'Asia/Kolkata',
  contactEmail: 'hello@example.org',
  contactPhone: '',
  contactAddress: '',
  mapEmbedUrl: '',
  aboutPage: 'About us.',
  privacyPage: 'Privacy.',
  termsPage: 'Terms.',
  paymentPolicyPage: 'Payments.',
  legalName: '',
  legalAddress: '',
  gstin: '',
  gstRate: null,
  refundOnArtistWithdrawal: false,
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

/** The admin area inside the public settings, as main.tsx mounts it. */
function renderPage(put: (body: unknown) => Answer = (body) => ({ status: 200, body })) {
  const sent: unknown[] = [];
  let publicTitle = DEFAULT_PUBLIC_SETTINGS.title;
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/site-settings': { status: 200, body: FORM },
    'PUT /api/admin/site-settings': (body) => {
      sent.push(body);
      const answer = put(body);
      if (answer.status === 200) publicTitle = (body as SiteSettingsForm).title;
      return answer;
    },
    'GET /api/settings': () => ({
      status: 200,
      body: { ...DEFAULT_PUBLIC_SETTINGS, title: publicTitle },
    }),
  });
  render(
    <MemoryRouter initialEntries={['/admin/site-settings']}>
      <SettingsProvider initial={DEFAULT_PUBLIC_SETTINGS}>
        <ToastProvider>
          <Routes>
            <Route path="/admin/*" element={<AdminEntry />} />
          </Routes>
        </ToastProvider>
      </SettingsProvider>
    </MemoryRouter>,
  );
  return { calls, sent };
}

const colourText = () => screen.findByRole('textbox', { name: 'Primary colour' });

describe('the site settings page', () => {
  it('shows the saved settings in four sections', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Settings' })).toBeTruthy();
    for (const name of ['Site', 'Look', 'Contact and map', 'Pages']) {
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    }
    expect((await screen.findByLabelText('Title *')) as HTMLInputElement).toHaveProperty(
      'value',
      FORM.title,
    );
    expect(((await colourText()) as HTMLInputElement).value).toBe('#7C3AED');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe(
      'Asia/Kolkata',
    );
    expect((screen.getByRole('combobox', { name: 'Font' }) as HTMLSelectElement).value).toBe(
      'inter',
    );
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toHaveProperty('checked', false);
    expect(screen.getByLabelText('About Us')).toHaveProperty('value', 'About us.');
    expect(screen.getByLabelText('Logo')).toBeTruthy();
    expect(screen.getByLabelText('Hero image')).toBeTruthy();
  });

  it('marks the title and the colour, which cannot be left empty, with * and as required', async () => {
    renderPage();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const form = title.closest('form') as HTMLFormElement;
    const marked = ['Title *', 'Primary colour *'];
    expect(requiredMarks(form)).toEqual({ required: marked, marked });
  });

  it('warns, with the ratio, while white text on the colour would fail AA, and lets it be saved', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage();
    const colour = await colourText();
    expect(screen.queryByText(/contrast ratio/)).toBeNull();

    await user.clear(colour);
    await user.type(colour, '#777777');
    const warning = await screen.findByText(/contrast ratio of 4\.47:1/);
    expect(warning.textContent).toContain('below the 4.5:1 WCAG AA asks for');
    // The warning is read with the field.
    expect(colour.getAttribute('aria-describedby')).toContain(warning.id);

    await user.clear(colour);
    await user.type(colour, '#0F766E');
    expect(screen.queryByText(/contrast ratio/)).toBeNull();

    // A warning, not a block: a failing colour is still saved when the admin wants it.
    await user.clear(colour);
    await user.type(colour, '#FDE68A');
    expect(await screen.findByText(/contrast ratio of 1\.\d\d:1/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(SITE_SETTINGS_SAVED);
    expect(sent).toEqual([{ ...FORM, primaryColor: '#FDE68A' }]);
  });

  it('keeps the picker and the hex text in step', async () => {
    const user = userEvent.setup();
    renderPage();
    const colour = await colourText();
    const picker = screen.getByLabelText('Pick the primary colour') as HTMLInputElement;
    expect(picker.value).toBe('#7c3aed');
    await user.clear(colour);
    await user.type(colour, '#0F76');
    // Half typed: the picker keeps the last complete colour.
    expect(picker.value).toBe('#7c3aed');
    await user.type(colour, '6E');
    expect(picker.value).toBe('#0f766e');
  });

  it('saves the whole form, says so, and the tab takes the new title at once', async () => {
    const user = userEvent.setup();
    const { sent, calls } = renderPage();
    const title = await screen.findByLabelText('Title *');
    await user.clear(title);
    await user.type(title, '  Riverside Art Club ');
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'playfair');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/London');
    const about = screen.getByLabelText('About Us');
    await user.clear(about);
    await user.type(about, '## Hello');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(SITE_SETTINGS_SAVED)).toBeTruthy();
    expect(sent).toEqual([
      {
        ...FORM,
        title: 'Riverside Art Club',
        darkMode: true,
        fontFamily: 'playfair',
        timeZone: 'Europe/London',
        aboutPage: '## Hello',
      },
    ]);
    await waitFor(() => expect(document.title).toBe('Site Settings | Riverside Art Club'));
    expect(calls).toContain('GET /api/settings');
  });

  it('waits for an image to finish uploading before saving, saying so', async () => {
    const uploads = stubUploads();
    const user = userEvent.setup();
    const { sent } = renderPage();
    await user.upload(
      await screen.findByLabelText('Logo'),
      new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }),
    );
    const save = screen.getByRole('button', { name: 'Save settings' });
    await user.click(save);
    const wait = await screen.findByText('Wait for the image to finish uploading.');
    expect(wait.getAttribute('role')).toBe('alert');
    expect(sent).toEqual([]);

    await uploads.finish('/media/logo.png');
    await waitFor(() => expect(wait.isConnected).toBe(false));
    await user.click(save);
    expect(await screen.findByText(SITE_SETTINGS_SAVED)).toBeTruthy();
    expect(sent).toEqual([{ ...FORM, logo: '/media/logo.png' }]);
  });

  it('checks the form in the browser with the shared messages before sending', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage();
    const title = await screen.findByLabelText('Title *');
    await user.clear(title);
    const colour = await colourText();
    await user.clear(colour);
    await user.type(colour, 'purple');
    await user.type(screen.getByLabelText('Map embed link'), 'https://evil.example/map');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(SITE_SETTINGS_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(SITE_SETTINGS_MESSAGES.color)).toBeTruthy();
    expect(screen.getByText(SITE_SETTINGS_MESSAGES.mapEmbedUrl)).toBeTruthy();
    expect(screen.getByLabelText('Title *').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it("checks the receipts' GSTIN and GST rate, sends a rate as a number, and the refund setting", async () => {
    const user = userEvent.setup();
    const { sent } = renderPage();
    const receipts = await screen.findByRole('region', { name: 'Receipts' });
    await user.type(within(receipts).getByLabelText('GSTIN'), '29ABCDE1234F1Z');
    await user.type(within(receipts).getByLabelText('GST rate (%)'), '29');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(receipts).findByText(SELLER_MESSAGES.gstin)).toBeTruthy();
    expect(within(receipts).getByText(SELLER_MESSAGES.gstRate)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(receipts).getByLabelText('GSTIN'), '5');
    await user.clear(within(receipts).getByLabelText('GST rate (%)'));
    await user.type(within(receipts).getByLabelText('GST rate (%)'), '18');
    await user.type(within(receipts).getByLabelText('Legal name'), 'Atelier LLP');
    await user.click(
      within(receipts).getByLabelText('Refund the fee when an artist withdraws their entry'),
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SITE_SETTINGS_SAVED)).toBeTruthy();
    expect(sent).toEqual([
      {
        ...FORM,
        legalName: 'Atelier LLP',
        gstin: '29ABCDE1234F1Z5',
        gstRate: 18,
        refundOnArtistWithdrawal: true,
      },
    ]);
  });

  it("shows the server's field messages under their fields, with a failure toast", async () => {
    const user = userEvent.setup();
    renderPage(() =>
      envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        logo: SITE_SETTINGS_MESSAGES.unknownLogo,
        timeZone: SITE_SETTINGS_MESSAGES.timeZone,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SITE_SETTINGS_FAILED)).toBeTruthy();
    expect(screen.getByText(SITE_SETTINGS_MESSAGES.unknownLogo)).toBeTruthy();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone.getAttribute('aria-invalid')).toBe('true');
    const look = screen.getByRole('region', { name: 'Site' });
    expect(within(look).getByText(SITE_SETTINGS_MESSAGES.timeZone)).toBeTruthy();
  });

  it('says why a save failed when the server could not be reached', async () => {
    const user = userEvent.setup();
    renderPage(() => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SITE_SETTINGS_FAILED)).toBeTruthy();
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
  });

  it('offers the saved time zone even when this browser lists it by another name', async () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['Asia/Calcutta', 'Europe/London']);
    renderPage();
    const zone = (await screen.findByRole('combobox', { name: 'Time zone' })) as HTMLSelectElement;
    expect(zone.value).toBe('Asia/Kolkata');
    expect([...zone.options].map((o) => o.value)).toEqual([
      'Asia/Calcutta',
      'Asia/Kolkata',
      'Europe/London',
      'UTC',
    ]);
  });
});
