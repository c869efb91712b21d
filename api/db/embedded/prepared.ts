import { sql, type SQL } from "drizzle-orm";
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

/** A list's optional filter: its value in the request (undefined when not set) and its condition. */
export interface ListFilter<Q> {
  value(query: Q): unknown;
  /**
   * The condition on the value: the value itself (a query built on each call, a CSV export) or its
   * placeholder (a statement prepared per shape). Any, because each filter compares its own column type.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  where(value: any): SQL | undefined;
}

/** Which of a list's filters a request sets: the part of a statement's shape its filters decide. */
export type FilterShape<N extends string> = Record<N, boolean>;

/**
 * A list's filters, declared once and read by everything that filters it: the request's shape and values
 * (`read`), the conditions of a statement prepared per shape (`where`, each value a placeholder named after
 * its filter) and those of a query built with the values (`whereValues`). A new filter is one more entry;
 * the conditions keep the entries' order, so the statements' text does not depend on the request.
 */
export function listFilters<Q>() {
  return <N extends string>(filters: Record<N, ListFilter<Q>>) => {
    const entries = Object.entries(filters) as [N, ListFilter<Q>][];
    return {
      /** The request's shape, and the values of the filters it sets, named as their placeholders. */
      read(query: Q): { shape: FilterShape<N>; values: Partial<Record<N, unknown>> } {
        const shape = {} as FilterShape<N>;
        const values: Partial<Record<N, unknown>> = {};
        for (const [name, filter] of entries) {
          const value = filter.value(query);
          shape[name] = value !== undefined;
          values[name] = value;
        }
        return { shape, values };
      },
      /** The conditions of the shape's filters, on placeholders. */
      where: (shape: FilterShape<N>): (SQL | undefined)[] =>
        entries.map(([name, filter]) => (shape[name] ? filter.where(sql.placeholder(name)) : undefined)),
      /** The conditions of the request's filters, on their values. */
      whereValues(query: Q): (SQL | undefined)[] {
        return entries.map(([, filter]) => {
          const value = filter.value(query);
          return value === undefined ? undefined : filter.where(value);
        });
      },
    };
  };
}

/** The shape type of a list's filters (`listFilters`), for the statements prepared per shape. */
export type ShapeOf<F extends { read(query: never): { shape: object } }> = ReturnType<F["read"]>["shape"];
