import type { CertificatesTable } from '../../db/schema.ts';

/*
 * Which certificates an entry holds once the results are published: a merit certificate for each
 * awarded work, else one for taking part. Publishing again after the awards changed keeps the
 * codes already given out wherever it can: a work's certificate stays its own, a certificate no
 * longer matching any award is turned into one that is needed, and only what is left is removed.
 */

/** What a certificate says, as publishing decides it. */
export type CertificateChange = Pick<CertificatesTable, 'kind' | 'award' | 'work_id' | 'outcome'>;

type Existing = Pick<CertificatesTable, 'id' | 'code'> & CertificateChange;

export interface CertificatePlan {
  /** Existing certificates to change, with what they now say. */
  updates: { id: string; change: CertificateChange }[];
  /** Certificates to make. */
  inserts: CertificateChange[];
  /** Certificates no award stands behind any longer. */
  deletes: string[];
  /** The code the results e-mail links to: the first certificate kept (null: one to be made). */
  firstCode: string | null;
}

const same = (a: CertificateChange, b: CertificateChange) =>
  a.kind === b.kind && a.award === b.award && a.work_id === b.work_id && a.outcome === b.outcome;

/** The plan for one entry: `wanted` in the awards' order, `had` as stored. */
export function planCertificates(
  wanted: readonly CertificateChange[],
  had: readonly Existing[],
): CertificatePlan {
  const left = [...had];
  const take = (found: Existing | undefined) => {
    if (found) left.splice(left.indexOf(found), 1);
    return found;
  };
  // A certificate of the same work (or the entry's one for taking part) first.
  const matched = wanted.map((change) => take(left.find((c) => c.work_id === change.work_id)));
  const plan: CertificatePlan = { updates: [], inserts: [], deletes: [], firstCode: null };
  wanted.forEach((change, i) => {
    const kept = matched[i] ?? take(left[0]);
    if (i === 0) plan.firstCode = kept?.code ?? null;
    if (!kept) plan.inserts.push(change);
    else if (!same(kept, change)) plan.updates.push({ id: kept.id, change });
  });
  plan.deletes = left.map((c) => c.id);
  return plan;
}
