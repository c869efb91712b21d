import { getTableName, sql, type Column, type SQL } from "drizzle-orm";

/**
 * A column named with its table, for subqueries inside a select list. Drizzle leaves the columns of a
 * one-table select bare, and in a correlated subquery a bare "id" means the inner table's own.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
