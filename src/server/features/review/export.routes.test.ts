import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategoryRow, makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { todayIn } from '../../../shared/domain/competition-status.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
let token: string;

beforeEach(async () => {
  await db().deleteFrom('submissions').execute();
  await db().deleteFrom('categories').execute();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const BOM = '\uFEFF';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

describe(`the CSV export on ${TEST_ENGINE}`, () => {
  it('writes RFC 4180 with a BOM, the fields as columns, and neutralises formulas', async () => {
    const category = makeCategoryRow({ name: 'Painting' });
    await db().insertInto('categories').values(category).execute();
    const id = '00000000-0000-4000-8000-000000000001';
    await db()
      .insertInto('submissions')
      .values(
        makeSubmissionRow({
          id,
          reference: 'WS-2026-000001',
          full_name: 'आशा "Asha" Rao',
          email: 'asha@example.com',
          phone: '+91 98765 43210',
          address: 'Line one\nLine two, Pune',
          category_id: category.id,
          entry_type: 'free',
          entry_fee: 0,
          payment_status: 'paid',
          status: 'approved',
          created_at: '2026-11-20T10:00:00.000Z',
          field_values: JSON.stringify({
            artworkTitle: '=HYPERLINK("http://evil.example")',
            artworkUrl: `private/submissions/${id}/artworkurl-1a2b3c4d.jpg`,
            medium: '@SUM(A1)',
            size: '-2+3',
            description: '\t=1+1',
            videoUrl: '\r=2+2',
          }),
        }),
      )
      .execute();

    const before = new Date();
    const response = await asAdmin(t, token, 'GET', '/api/admin/submissions/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Named after the site's day (Asia/Kolkata by default), which UTC's is not for 5.5 hours.
    const days = [todayIn('Asia/Kolkata', before), todayIn('Asia/Kolkata')];
    expect(days.map((day) => `attachment; filename="submissions-${day}.csv"`)).toContain(
      response.headers['content-disposition']?.toString().split(';').slice(0, 2).join(';'),
    );
    const text = response.body;
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Submitted (Asia/Kolkata),Full name,Age,Age category,Gender,Email,Phone,Address,Pincode,Competition,Category,Subcategory,Status,Payment,Entry fee (INR),Gross (INR),Discount (INR),Net (INR),Work,Artwork Title,Artwork Photo,Medium,Size,Description,YouTube Video Link,Additional Link',
    );
    // The time in the site's time zone (10:00 UTC is 15:30 in India), as a spreadsheet reads it.
    expect(lines[1]?.startsWith('WS-2026-000001,2026-11-20 15:30,')).toBe(true);
    // Quotes doubled, the line break kept inside quotes, formulas neutralised with a quote mark.
    expect(text).toContain('"आशा ""Asha"" Rao"');
    expect(text).toContain('"Line one\nLine two, Pune"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain(",'@SUM(A1),");
    expect(text).toContain(",'-2+3");
    // A tab or a carriage return before a formula is neutralised too.
    expect(text).toContain(",'\t=1+1,");
    expect(text).toContain(`,"'\r=2+2",`);
    expect(text).toContain(",'+91 98765 43210,");
    expect(text).toContain(',Approved,Free Entry,0,');
    expect(text).toContain(`/api/admin/submissions/${id}/download/artworkUrl`);
    expect(text).not.toContain('private/submissions');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('exports the filtered view only, and refuses bad filters and visitors', async () => {
    await db()
      .insertInto('submissions')
      .values([
        makeSubmissionRow({ reference: 'WS-2026-000010', status: 'approved' }),
        makeSubmissionRow({ reference: 'WS-2026-000011', status: 'rejected' }),
      ])
      .execute();
    const approved = await asAdmin(
      t,
      token,
      'GET',
      '/api/admin/submissions/export.csv?status=approved',
    );
    expect(approved.body).toContain('WS-2026-000010');
    expect(approved.body).not.toContain('WS-2026-000011');
    const bad = await asAdmin(t, token, 'GET', '/api/admin/submissions/export.csv?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { status: expect.any(String) as string },
    });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/admin/submissions/export.csv',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body).not.toContain('WS-2026-000010');
  });

  it("dates in the site's time zone, as a spreadsheet reads them; a withdrawn entry only when shown", async () => {
    await db()
      .insertInto('submissions')
      .values([
        // 23:59 on 20 Dec in India, still the 20th; 00:30 on the 21st there, the 20th in UTC.
        makeSubmissionRow({ reference: 'WS-2026-000020', created_at: '2026-12-20T18:29:00.000Z' }),
        makeSubmissionRow({ reference: 'WS-2026-000021', created_at: '2026-12-20T19:00:00.000Z' }),
        makeSubmissionRow({
          reference: 'WS-2026-000022',
          entry_type: 'paid',
          entry_fee: 499,
          payment_status: 'pending',
          withdrawn_at: '2026-12-20T19:05:00.000Z',
        }),
      ])
      .execute();
    const csv = await asAdmin(t, token, 'GET', '/api/admin/submissions/export.csv?sort=oldest');
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]?.startsWith('Reference,Submitted (Asia/Kolkata),')).toBe(true);
    expect(lines.filter((l) => l.startsWith('WS-')).map((l) => l.split(',', 2).join(','))).toEqual([
      'WS-2026-000020,2026-12-20 23:59',
      'WS-2026-000021,2026-12-21 00:30',
    ]);
    const shown = await asAdmin(
      t,
      token,
      'GET',
      '/api/admin/submissions/export.csv?status=withdrawn',
    );
    const withdrawn = shown.body.split('\r\n').filter((l) => l.startsWith('WS-'));
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toContain('WS-2026-000022,');
    expect(withdrawn[0]).toMatch(/,Withdrawn,Payment Pending,499,499,0,499,1$/);
  });

  it('streams 100,000 rows in bounded memory', { timeout: 240_000 }, async ({ signal }) => {
    const total = 100_000;
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < total; i += 1000) {
      const rows = Array.from({ length: 1000 }, (_, j) =>
        makeSubmissionRow({
          reference: `WS-2026-${String(i + j).padStart(6, '0')}`,
          created_at: new Date(start + (i + j) * 1000).toISOString(),
          full_name: `कलाकार ${i + j}`,
        }),
      );
      await db().insertInto('submissions').values(rows).execute();
    }
    // What autovacuum does to a table that grew: without statistics PostgreSQL takes 100,000 rows
    // for a few dozen, and reads the whole table for each batch instead of the index's range.
    await sql`analyze submissions`.execute(db());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Live memory, not garbage: a full collection before each sample. The worker's heap is shared
    // by the files before this one (isolate: false), and at CI's load a collection of it can take
    // a second: the next sample waits four times as long as this one took, so sampling never
    // takes more than a fifth of the time, and the export it measures is not starved.
    let sampling: NodeJS.Timeout | undefined;
    let peak = 0;
    const sample = () => {
      const began = performance.now();
      collectGarbage();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      sampling = setTimeout(sample, Math.max(500, 4 * (performance.now() - began)));
      return peak;
    };
    const before = sample();
    let bytes = 0;
    let lines = 0;
    let request: http.ClientRequest | undefined;
    // A test that times out is not stopped: its sampling and download must be, or they go on
    // starving the files after this one.
    const stop = () => {
      clearTimeout(sampling);
      request?.destroy();
    };
    signal.addEventListener('abort', stop);
    try {
      await new Promise<void>((resolve, reject) => {
        request = http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/admin/submissions/export.csv',
              headers: { cookie: `ws_session=${token}` },
            },
            (response) => {
              expect(response.statusCode).toBe(200);
              response.on('data', (chunk: Buffer) => {
                bytes += chunk.length;
                for (const byte of chunk) if (byte === 10) lines += 1;
              });
              response.on('end', resolve);
              response.on('error', reject);
            },
          )
          .on('error', reject);
      });
    } finally {
      stop();
      signal.removeEventListener('abort', stop);
    }
    // The header and one line per row.
    expect(lines).toBe(total + 1);
    // The whole file is about 20 MB (40 MB as JavaScript text, far more as rows); the server
    // holds a batch at a time.
    expect(bytes).toBeGreaterThan(15 * 1024 * 1024);
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
  });
});
