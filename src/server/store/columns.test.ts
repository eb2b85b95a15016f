// The store's columns follow the field table: a start whose table lacks one stops
// with the migration to write.
import { describe, expect, it } from 'vitest';
import { INQUIRY } from '../../shared/inquiry.js';
import { checkColumns, COLUMNS } from './inquiry-store.js';

describe('checkColumns', () => {
  it('stops a start whose table lacks a column, naming the migration to write', () => {
    expect(() => checkColumns('sqlite', COLUMNS)).not.toThrow();
    const withoutNotes = COLUMNS.filter((column) => column !== 'notes');
    expect(() => checkColumns('sqlite', withoutNotes)).toThrow(
      /no column notes: .*sqlite\/sqlite-migrations\.ts.*ALTER TABLE eventInquiries ADD COLUMN notes TEXT NOT NULL DEFAULT ''/,
    );
    expect(() => checkColumns('postgres', withoutNotes)).toThrow(
      /ALTER TABLE "eventInquiries" ADD COLUMN "notes" text NOT NULL/,
    );
    expect(INQUIRY.columnTypes.createdAt).toBe('timestamp');
  });
});
