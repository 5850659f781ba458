import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { displayCopiesMade } from '../../../../tests/setup/exhibitions.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import type { PublicExhibition } from '../../../shared/schemas/exhibition.ts';

/*
 * The exhibition's pages as the server sends them: Open Graph tags and schema.org data in the
 * head (ExhibitionEvent on the gallery, VisualArtwork on a work's page), the answers inlined, and
 * a 404 page for an exhibition not opened or a work not in it.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD }, clientBuild: true });
let competitionId: string;
let closedId: string;
let workId: string;
const artist = artistNumbered(1);

const page = (url: string) => t.app.inject({ method: 'GET', url });

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

beforeAll(async () => {
  const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  closedId = (await addCompetition(t)).competition.id;
  await approvedEntry(t, admin, competitionId, artist, 'Harbour at Dusk');
  await approvedEntry(t, admin, closedId, artistNumbered(2), 'Unseen');
  await t.app.deps.imageJobs.runOnce();
  for (const id of [competitionId, closedId]) {
    const url = `/api/admin/competitions/${id}/exhibition`;
    await asAdmin(t, admin, 'PUT', url, { title: 'Harbours <& Coasts>', introduction: 'Sea.' });
    await asAdmin(t, admin, 'PUT', `${url}/works`, { source: 'approved' });
  }
  await asAdmin(t, admin, 'POST', `/api/admin/competitions/${competitionId}/exhibition/open`);
  await displayCopiesMade(t, admin, competitionId);
  const gallery = await t.app.inject(`/api/exhibitions/${competitionId}`);
  workId = gallery.json<PublicExhibition>().works[0]!.workId;
  const token = await signInArtist(t, artist.email);
  await asArtist(t, token, 'PUT', `/api/me/works/${workId}/sale`, { price: 45000 });
  t.app.deps.contentCache.invalidate();
});

describe('the exhibition’s pages', () => {
  it('the gallery carries ExhibitionEvent with its works, and its answer inlined', async () => {
    const response = await page(`/exhibitions/${competitionId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<meta property="og:title" content="Harbours &lt;&amp; Coasts&gt;',
    );
    const [event] = jsonLdOf(response.body);
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ExhibitionEvent',
      name: 'Harbours <& Coasts>',
      workFeatured: [{ '@type': 'VisualArtwork', name: 'Harbour at Dusk' }],
    });
    expect(response.body).not.toMatch(/ld\+json">[^<]*<&/);
    expect(response.body).toContain(`"/api/exhibitions/${competitionId}"`);
  });

  it('a work’s page carries VisualArtwork, its creator, price and picture, and og:type article', async () => {
    const response = await page(`/exhibitions/${competitionId}/works/${workId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta property="og:type" content="article">');
    expect(response.body).toMatch(/<meta property="og:image" content="http[^"]+\/media\//);
    const [artwork] = jsonLdOf(response.body);
    expect(artwork).toMatchObject({
      '@type': 'VisualArtwork',
      name: 'Harbour at Dusk',
      creator: { '@type': 'Person', name: artist.fullName },
      artMedium: 'Oil',
      size: 'A2',
      offers: { '@type': 'Offer', price: 45000, priceCurrency: 'INR' },
      isPartOf: { '@type': 'ExhibitionEvent' },
    });
    expect(String(artwork!.image)).toMatch(/^http/);
  });

  it('is a 404 page for an exhibition not opened and a work not in it', async () => {
    expect((await page(`/exhibitions/${closedId}`)).statusCode).toBe(404);
    expect((await page(`/exhibitions/${competitionId}/works/nope`)).statusCode).toBe(404);
  });

  it('the archive lists the opened exhibition only', async () => {
    const response = await page('/exhibitions');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(competitionId);
    expect(response.body).not.toContain(closedId);
  });
});
