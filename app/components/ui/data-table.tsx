import { Fragment, type Key, type ReactNode } from "react";
import { Card, EmptyState } from "./layout";

/**
 * The panel's one table. A list (`look="list"`, the default) sits in a flush card; where that card is
 * narrower than 40rem (a phone, a narrow column), each row becomes a card of labelled cells with its
 * actions on their own line, by CSS alone (app.css, `.data-table`): it works without JavaScript and is
 * drawn so by the server. Wider, the actions column stays in view while the other columns scroll sideways.
 * `look="plain"` is a small table inside a card of its own (the builder's questions, a chart's numbers),
 * always a table.
 */
interface Column<Row> {
  /** The column's name: its header, and each cell's label where rows are cards. Plain text. */
  label: string;
  /** Tells columns of the same label apart (two questions may ask the same); the label by default. */
  key?: string;
  /** The header's content when it is more than the label (a sort link). */
  header?: ReactNode;
  cell(row: Row): ReactNode;
  /** Classes for each of the column's cells, not its header (width, colour, font). */
  className?: string;
  /** Numbers line up on the right, header included. */
  alignRight?: boolean;
  /** The header's aria-sort while the list is sorted by this column. */
  sort?: "ascending" | "descending";
  /** The cell names its row (a <th scope="row">), as a chart's first column does. */
  rowHeader?: boolean;
}

interface RowActions<Row> {
  /** The actions column's name: shown as its header when `showLabel`, else read by screen readers only. */
  label?: string;
  showLabel?: boolean;
  cell(row: Row): ReactNode;
}

interface DataTableProps<Row> {
  /** What the table lists, for screen readers (its caption). */
  caption: string;
  /** Left-out columns (a permission the reader lacks) may be given as false. */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
  actions?: RowActions<Row> | false;
  /** What shows instead of a table without rows. */
  empty?: { title: string; children?: ReactNode };
  /** A row's own attributes: its test id, a highlight. */
  rowProps?(row: Row): { "data-testid"?: string; className?: string };
  /** A full-width row under a row (a billing's details opened in place). */
  detail?(row: Row): ReactNode;
  look?: "list" | "plain";
}

export function DataTable<Row>({
  caption,
  columns: given,
  rows,
  rowKey,
  actions,
  empty,
  rowProps,
  detail,
  look = "list",
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty) return <EmptyState title={empty.title}>{empty.children}</EmptyState>;
  const columns = given.filter((column): column is Column<Row> => column !== false);
  const span = columns.length + (actions ? 1 : 0);
  // Explicit roles: a row drawn as a card (display: block) would otherwise lose its table semantics in some browsers.
  const table = (
    <table role="table" className={`data-table data-table-${look}`}>
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th
              key={column.key ?? column.label}
              role="columnheader"
              scope="col"
              aria-sort={column.sort}
              className={column.alignRight ? "text-right" : undefined}
            >
              {column.header ?? column.label}
            </th>
          ))}
          {actions ? (
            <th role="columnheader" scope="col" className="data-table-actions">
              <span className={actions.showLabel ? undefined : "sr-only"}>{actions.label ?? "Actions"}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => {
          const { className, ...attributes } = rowProps?.(row) ?? {};
          const below = detail?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <tr role="row" className={className} {...attributes}>
                {columns.map((column) => {
                  const cellClass = column.alignRight ? `text-right ${column.className ?? ""}` : column.className;
                  // The label shows only where a list's row is a card; a screen reader has the column's header.
                  const content = (
                    <>
                      {look === "list" ? (
                        <span aria-hidden className="data-table-label">
                          {column.label}
                        </span>
                      ) : null}
                      <div className="data-table-value">{column.cell(row)}</div>
                    </>
                  );
                  return column.rowHeader ? (
                    <th key={column.key ?? column.label} role="rowheader" scope="row" className={cellClass}>
                      {content}
                    </th>
                  ) : (
                    <td key={column.key ?? column.label} role="cell" className={cellClass}>
                      {content}
                    </td>
                  );
                })}
                {actions ? (
                  <td role="cell" className="data-table-actions">
                    <div className="data-table-value">{actions.cell(row)}</div>
                  </td>
                ) : null}
              </tr>
              {below ? (
                <tr role="row" className="data-table-detail">
                  <td role="cell" colSpan={span}>
                    {below}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  if (look === "plain") return table;
  return (
    <Card flush className="data-table-frame">
      <div className="data-table-scroll">{table}</div>
    </Card>
  );
}
