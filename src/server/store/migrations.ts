// A schema change: numbered, forward-only, written once and never edited after a
// release (a database that already ran it would never see the edit). The store
// applies, at start and under a lock, every listed migration not yet recorded in
// its `schemaMigrations` table, in version order.
export interface Migration {
  version: number;
  /** What it does, kebab-case; for people reading the list. */
  name: string;
  sql: string;
}

/** The list as given, after checking it is in strictly increasing version order. */
export function migrationList(migrations: Migration[]): readonly Migration[] {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (
      !Number.isInteger(migration.version) ||
      migration.version < 1 ||
      (previous && migration.version <= previous.version)
    ) {
      throw new Error(`Migration ${migration.version} (${migration.name}) is out of order: versions must increase`);
    }
  });
  return migrations;
}

/** The migrations a database with `applied` versions still needs, in order. */
export function pendingMigrations(all: readonly Migration[], applied: Iterable<number>): Migration[] {
  const done = new Set(applied);
  return all.filter((migration) => !done.has(migration.version));
}
