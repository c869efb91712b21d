/**
 * The query a list screen's loader sends the API: the screen's own settings (its `per_page`, a fixed
 * sort), then each of `keys` (page, search, sort, filters) the page's address gives a value. Values are
 * trimmed and blank ones left out, so an emptied search box or filter is no filter and the API applies its
 * own defaults.
 */
export function forwardListParams(url: URL, keys: readonly string[], settings: Record<string, string> = {}): URLSearchParams {
  const query = new URLSearchParams(settings);
  for (const key of keys) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** As `forwardListParams`, as the object a contract route's `query` takes. */
export const listQueryOf = (url: URL, keys: readonly string[], settings: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries(forwardListParams(url, keys, settings));
