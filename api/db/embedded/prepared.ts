import type { Db } from "../client.ts";

/**
 * A prepared query per database handle. Per-request look-ups are prepared so that their SQL text is built
 * once (drizzle's builder costs more main-thread time than the embedded database spends running a small
 * query) and, on PostgreSQL, planned once per connection (named statements through node-postgres; PGlite
 * takes the same call and runs the text). Drizzle binds a prepared query to the handle it was built on.
 */
export function preparedPerDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let query = made.get(db);
    if (!query) made.set(db, (query = make(db)));
    return query;
  };
}

/**
 * Prepared queries of one family whose text depends on a few choices made per request (which filters are
 * set, the sort order): one per shape and handle, made on its first use, with the values as placeholders.
 * A shape is built from booleans and fixed choices only, never from the values, so the family stays small;
 * each shape gets its own statement name (`family_1`, `family_2`, …).
 */
export function preparedPerShape<S, T>(family: string, make: (db: Db, shape: S, name: string) => T): (db: Db, shape: S) => T {
  const made = new WeakMap<Db, Map<string, T>>();
  const names = new Map<string, string>();
  return (db, shape) => {
    const key = JSON.stringify(shape);
    let shapes = made.get(db);
    if (!shapes) made.set(db, (shapes = new Map()));
    let query = shapes.get(key);
    if (!query) {
      let name = names.get(key);
      if (!name) names.set(key, (name = `${family}_${names.size + 1}`));
      shapes.set(key, (query = make(db, shape, name)));
    }
    return query;
  };
}
