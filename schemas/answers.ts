/** The shapes every API answer shares, whatever the feature: a page of a list, and an error. */

/** A page of a list (Laravel's paginator shape); `links` keep the request's other parameters. */
export interface Page<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; per_page: number; to: number | null; total: number };
}

/** Every refusal: a message, and for a 422 (or a 429 on a field) the messages of each field, by dotted path. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
