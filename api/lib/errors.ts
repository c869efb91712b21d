export type FieldErrors = Record<string, string[]>;

/** An error the API turns into its JSON error shape (see docs/architecture.md, API contracts). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Laravel's summary line: the first message, plus how many more there are. */
export function summarise(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? "The given data was invalid.";
  const more = messages.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? "" : "s"})` : first;
}

export const validationFailed = (errors: FieldErrors) => new HttpError(422, summarise(errors), errors);
export const fieldError = (field: string, message: string) => validationFailed({ [field]: [message] });
export const notFound = (message = "Not Found") => new HttpError(404, message);
export const forbidden = (message = "Access Forbidden") => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const badRequest = (message: string) => new HttpError(400, message);
