import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type PublicSettings,
  PublicSettingsSchema,
  type SiteSettings,
  SiteSettingsSchema,
} from '../../../shared/schemas/settings.ts';
import type { Deps } from '../../deps.ts';
import { auditEntriesOf, type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import { findSettingsData, saveSettingsData, SETTINGS_ID } from './settings.repository.ts';

/*
 * Every page render reads the settings, so they are kept in memory. A write through this service
 * drops the copy at once, and other servers drop theirs when they hear of it (forget()); the
 * short lifetime is the safety net.
 */
const CACHE_LIFETIME_MS = 5_000;

/** The audit entry of an admin's change to the stored settings (there is one document). */
export const auditSettings = auditEntriesOf('site_settings');

export interface SettingsService {
  getSettings(): Promise<SiteSettings>;
  getPublicSettings(): Promise<PublicSettings>;
  /**
   * Saves a change; an admin's change is audited in the same transaction. `audit` may be made
   * from the stored document before and after the change, as read and written in it.
   */
  updateSettings(patch: Partial<SiteSettings>, audit?: SettingsAudit): Promise<SiteSettings>;
  /** Drops the copy in memory: another server saved a change. */
  forget(): void;
}

/** An audit entry, or one made from the settings before and after the change. */
export type SettingsAudit =
  AuditEntry | ((before: SiteSettings, after: SiteSettings) => AuditEntry);

/**
 * The value of `schema` read from `value`, field by field: an object's fields are each read on
 * their own (nested objects too), and a field that is missing or no longer valid takes its
 * default, without taking its neighbours with it. The path of each field that was present but no
 * longer valid is added to `replaced`.
 */
function readFieldByField(
  schema: z.ZodType,
  value: unknown,
  replaced: string[],
  path: string,
): unknown {
  const inner = schema instanceof z.ZodDefault ? schema.unwrap() : schema;
  if (inner instanceof z.ZodObject) {
    const isObject = value !== null && typeof value === 'object';
    if (!isObject && value !== undefined) replaced.push(path || '(document)');
    const fields = isObject ? value : {};
    return Object.fromEntries(
      Object.entries(inner.shape as Record<string, z.ZodType>).map(([key, field]) => [
        key,
        readFieldByField(
          field,
          (fields as Record<string, unknown>)[key],
          replaced,
          path ? `${path}.${key}` : key,
        ),
      ]),
    );
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (value !== undefined) replaced.push(path);
  return schema.parse(undefined);
}

/**
 * Parses the stored document; missing keys take their defaults. A field that breaks the schema
 * (a time zone this runtime no longer knows, a value edited by hand) reads as its own default;
 * every other field keeps what was saved. A document that is not JSON reads as the defaults.
 * Either damage is logged as a warning naming the row and the fields, so it is seen and fixed.
 */
export function parseStoredSettings(
  data: string | undefined,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): SiteSettings {
  let raw: unknown;
  try {
    raw = data ? JSON.parse(data) : {};
  } catch (error) {
    log?.warn(
      { settingsId: SETTINGS_ID, err: error },
      'stored site settings are not JSON: the defaults are used',
    );
    raw = {};
  }
  const replaced: string[] = [];
  const settings = SiteSettingsSchema.parse(
    readFieldByField(SiteSettingsSchema, raw, replaced, ''),
  );
  if (replaced.length > 0) {
    log?.warn(
      { settingsId: SETTINGS_ID, fields: replaced },
      'stored site settings have fields that are no longer valid: their defaults are used',
    );
  }
  return settings;
}

/** `onChange` runs after every saved change: caches built from the settings drop their copies. */
export function createSettingsService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  options: { onChange?: () => void } = {},
): SettingsService {
  const { db, clock, log } = deps;
  let cached: { value: SiteSettings; at: number } | undefined;
  // Bumped by every change: a read begun before it must not keep what it read.
  let generation = 0;

  async function getSettings(): Promise<SiteSettings> {
    const now = clock.now().getTime();
    // A clock moved back (a test's) must not keep a copy for longer than its lifetime either.
    if (cached && now >= cached.at && now - cached.at < CACHE_LIFETIME_MS) return cached.value;
    const readAt = generation;
    const value = parseStoredSettings(await findSettingsData(db), log);
    if (readAt === generation) cached = { value, at: now };
    return value;
  }

  return {
    getSettings,
    async getPublicSettings() {
      return PublicSettingsSchema.parse(await getSettings());
    },
    async updateSettings(patch, audit) {
      // The change is merged into the stored document read in the same transaction (locked on
      // PostgreSQL), never into the cached copy: two saves at once (the video and the site
      // form, or two servers) must not undo each other.
      const now = clock.now();
      const next = await db.transaction().execute(async (trx) => {
        const current = parseStoredSettings(await findSettingsData(trx, { lock: true }), log);
        const merged = SiteSettingsSchema.parse({
          ...current,
          ...patch,
          theme: { ...current.theme, ...patch.theme },
          security: { ...current.security, ...patch.security },
          contact: { ...current.contact, ...patch.contact },
          pages: { ...current.pages, ...patch.pages },
          seller: { ...current.seller, ...patch.seller },
        });
        await saveSettingsData(trx, JSON.stringify(merged), now);
        if (audit) {
          await recordAudit(trx, typeof audit === 'function' ? audit(current, merged) : audit, now);
        }
        return merged;
      });
      cached = undefined;
      generation++;
      options.onChange?.();
      return next;
    },
    forget() {
      cached = undefined;
      generation++;
    },
  };
}
