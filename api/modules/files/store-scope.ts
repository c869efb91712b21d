/**
 * The file store of the request under way, and what the request did to the bucket's objects. Files are
 * stored and let go of deep inside services' transactions, far from the request's settings: the API sets
 * this scope once per request (settle.ts, from api/app.ts) rather than every service passing the store on.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { databaseStore, type FileStore } from "./store.ts";

export interface StoreScope {
  store: FileStore;
  /** Objects this request wrote for new files: one whose row never committed is removed afterwards. */
  written: string[];
  /** Objects this request let go of: removed afterwards, once the transaction that let go has committed. */
  released: string[];
}

const scopes = new AsyncLocalStorage<StoreScope>();

export function runInStoreScope<T>(scope: StoreScope, run: () => T): T {
  return scopes.run(scope, run);
}

/** Where new files go: the request's store; outside a request (the demo seed, scripts) the database. */
export function currentFileStore(): FileStore {
  return scopes.getStore()?.store ?? databaseStore;
}

export function noteWrittenObject(objectKey: string): void {
  scopes.getStore()?.written.push(objectKey);
}

export function noteReleasedObjects(objectKeys: readonly string[]): void {
  scopes.getStore()?.released.push(...objectKeys);
}
