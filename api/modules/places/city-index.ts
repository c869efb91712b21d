import { readCities, type CityRecord } from "./city-data.ts";
import { foldName } from "./fold.ts";

export type { CityRecord } from "./city-data.ts";

/** Most answers a search gives (the combobox shows them all). */
export { MAX_CITY_RESULTS } from "#schemas/places.ts";
import { MAX_CITY_RESULTS } from "#schemas/places.ts";

/**
 * The world's cities in memory, sorted by folded name so that a prefix is one binary search away:
 * one list per country and one for the world. A name that repeats within a country (France has three
 * "Montréal") is kept once, as its most populous place, so a pick names one city.
 */
export class CityIndex {
  private readonly byCountry = new Map<string, CityRecord[]>();
  private readonly world: CityRecord[];
  /** The answer to an empty search, per country ("" for the world): the whole list would be walked. */
  private readonly biggest = new Map<string, CityRecord[]>();

  constructor(cities: CityRecord[]) {
    for (const city of cities) city.key = foldName(city.name);
    const sorted = cities
      .filter((city) => city.key)
      .sort((a, b) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : a.country < b.country ? -1 : a.country > b.country ? 1 : b.population - a.population,
      );
    this.world = sorted.filter((city, i) => i === 0 || city.key !== sorted[i - 1].key || city.country !== sorted[i - 1].country);
    for (const city of this.world) {
      let list = this.byCountry.get(city.country);
      if (!list) this.byCountry.set(city.country, (list = []));
      list.push(city);
    }
  }

  get size(): number {
    return this.world.length;
  }

  private list(country?: string): CityRecord[] {
    return country ? (this.byCountry.get(country.toUpperCase()) ?? []) : this.world;
  }

  /** The most populous cities whose folded name starts with the folded `search` (all of them when empty). */
  search(search: string, country?: string, limit = MAX_CITY_RESULTS): CityRecord[] {
    const list = this.list(country);
    const prefix = foldName(search);
    if (!prefix && limit <= MAX_CITY_RESULTS) {
      const cacheKey = country?.toUpperCase() ?? "";
      let top = this.biggest.get(cacheKey);
      if (!top) this.biggest.set(cacheKey, (top = topByPopulation(list, 0, list.length, MAX_CITY_RESULTS)));
      return top.slice(0, limit);
    }
    let from = 0;
    let to = list.length;
    if (prefix) {
      from = lowerBound(list, prefix);
      to = from;
      while (to < list.length && list[to].key.startsWith(prefix)) to++;
    }
    return topByPopulation(list, from, to, limit);
  }

  /** The city of that name (any spelling of case and accents) in that country, or anywhere when no country. */
  find(name: string, country?: string): CityRecord | undefined {
    const key = foldName(name);
    if (!key) return undefined;
    const list = this.list(country);
    let best: CityRecord | undefined;
    for (let i = lowerBound(list, key); i < list.length && list[i].key === key; i++) {
      if (!best || list[i].population > best.population) best = list[i];
    }
    return best;
  }

  /**
   * Names close to one that is not in the list: first the cities it is the start of, then the ones a
   * couple of typing mistakes away (edit distance), most populous first.
   */
  suggest(name: string, country?: string, limit = 5): CityRecord[] {
    const key = foldName(name);
    if (!key) return [];
    const list = this.list(country);
    const found = this.search(key, country, limit);
    if (found.length >= limit) return found;
    const allowed = key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
    const near = list.filter(
      (city) =>
        !found.includes(city) && Math.abs(city.key.length - key.length) <= allowed && editDistance(city.key, key, allowed) <= allowed,
    );
    return [...found, ...topByPopulation(near, 0, near.length, limit - found.length)];
  }
}

function lowerBound(list: CityRecord[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The `limit` most populous of list[from, to), biggest first, without sorting the whole range. */
function topByPopulation(list: CityRecord[], from: number, to: number, limit: number): CityRecord[] {
  const top: CityRecord[] = [];
  for (let i = from; i < to; i++) {
    const city = list[i];
    if (top.length === limit && city.population <= top[limit - 1].population) continue;
    let at = top.length;
    while (at > 0 && top[at - 1].population < city.population) at--;
    top.splice(at, 0, city);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** Levenshtein distance, giving up (returning max + 1) as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (current[j] < rowBest) rowBest = current[j];
    }
    if (rowBest > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

let shared: CityIndex | undefined;

/**
 * The index, built on first use (about half a second) rather than at startup, so the server and the tests
 * that never ask about a city start as fast as before.
 */
export function cityIndex(): CityIndex {
  shared ??= new CityIndex(readCities());
  return shared;
}
