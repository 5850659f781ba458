import { z } from 'zod';

/** Record ids are UUIDs: anything else names no record, and never reaches the database. */
export const isRecordId = (id: string): boolean => z.uuid().safeParse(id).success;
