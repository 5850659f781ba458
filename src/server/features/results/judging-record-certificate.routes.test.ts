import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { judgedCompetition } from '../../../../tests/setup/judging-record.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { adminApiPaths, publicApiPaths } from '../../../shared/api-paths.ts';
import type { JudgingRecordState } from '../../../shared/schemas/judging-record.ts';

/*
 * A certificate read back with poppler: it prints the published judging record's SHA-256 and
 * carries a QR code of its verification page. No QR decoder is installed, so the test takes the
 * embedded image out (pdfimages) and compares its modules with the code of the printed URL.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const dir = mkdtempSync(path.join(tmpdir(), 'record-certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let admin: string;
let competitionId: string;
let code: string;

async function pdfOf(certificate: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: publicApiPaths.certificatePdf(certificate),
  });
  expect(response.statusCode, response.body).toBe(200);
  const file = path.join(dir, `${certificate}-${Date.now()}.pdf`);
  writeFileSync(file, response.rawPayload);
  return file;
}

const text = (file: string) =>
  execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

/** The QR code's dark modules read from the embedded image: true per dark module. */
async function qrModulesOf(file: string): Promise<boolean[][]> {
  const out = path.join(dir, path.basename(file, '.pdf'));
  execFileSync('/usr/bin/pdfimages', ['-png', file, out]);
  // The picture and its alpha mask (pdfkit keeps a PNG's alpha apart): the picture comes first.
  const list = execFileSync('/usr/bin/pdfimages', ['-list', file], { encoding: 'utf8' });
  expect(list.split('\n').filter((l) => /^\s*1\s+\d+\s+image\s/.test(l))).toHaveLength(1);
  const images = readdirSync(dir)
    .filter((f) => f.startsWith(`${path.basename(out)}-`) && f.endsWith('.png'))
    .sort();
  const { data, info } = await sharp(path.join(dir, images[0]!))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Drawn at 4 pixels a module with a quiet zone of 4 modules.
  const modules = info.width / 4 - 8;
  return Array.from({ length: modules }, (_, row) =>
    Array.from({ length: modules }, (_, col) => {
      const x = (4 + col) * 4 + 2;
      const y = (4 + row) * 4 + 2;
      return data[y * info.width + x]! < 128;
    }),
  );
}

function expectedModules(url: string): boolean[][] {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => qr.modules.get(row, col) === 1),
  );
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await judgedCompetition(t, admin, 'cert')).competitionId;
  const url = `/api/admin/competitions/${competitionId}/results/publish`;
  expect((await asAdmin(t, admin, 'POST', url, {})).statusCode).toBe(200);
  const row = await t.app.deps.db
    .selectFrom('certificates')
    .select('code')
    .where('competition_id', '=', competitionId)
    .where('kind', '=', 'merit')
    .executeTakeFirstOrThrow();
  code = row.code;
});

describe(`certificates and the judging record (${TEST_ENGINE})`, () => {
  it('carry a QR code of the verification page, and the record’s SHA-256 once it is published', async () => {
    const verifyUrl = `${t.app.deps.config.publicUrl}/certificates/${code}`;
    const before = await pdfOf(code);
    expect(text(before)).toContain(verifyUrl);
    expect(text(before)).not.toContain('SHA-256');
    expect(await qrModulesOf(before)).toEqual(expectedModules(verifyUrl));

    const changed = await asAdmin(t, admin, 'PUT', adminApiPaths.judgingRecord(competitionId), {
      published: true,
    });
    const { sha256 } = changed.json<JudgingRecordState>();
    // The stored PDF is made again: what it says changed.
    const after = await pdfOf(code);
    const printed = text(after);
    expect(printed).toContain(`Judging record SHA-256 ${sha256}`);
    expect(printed).toContain(verifyUrl);
    expect(await qrModulesOf(after)).toEqual(expectedModules(verifyUrl));
  });
});
