/** Types of result-cache.mjs (plain JavaScript: it runs in the PGlite thread, which tsx does not reach). */
export type StatementKind = "keep" | "read" | "write";
export function classifyStatement(text: string): StatementKind;
export function approximateBytes(value: unknown, limit: number): number;
export interface ResultCache {
  readonly generation: number;
  readonly size: number;
  readonly hits: number;
  readonly misses: number;
  mayWrite(text: string): boolean;
  keyOf(text: string, params: unknown[], options: unknown): string | undefined;
  get(key: string): unknown;
  store(key: string, value: unknown, since: number): void;
  invalidate(): void;
}
export function createResultCache(options: { maxBytes: number }): ResultCache;
