/**
 * The Open-Meteo fake as a process, for the browser tests' server (playwright.config.ts starts it and
 * points WEATHER_API_BASE at it). Forecasts for the southern hemisphere fail (500), so one fake serves
 * both the weather card (e.g. Lagos) and its failure message (e.g. Nairobi).
 */
import { startFakeOpenMeteo } from "./open-meteo.ts";

const port = Number(process.env.FAKE_OPEN_METEO_PORT ?? 3219);
const fake = await startFakeOpenMeteo({ port, failWhere: (latitude) => latitude < 0 });
console.log(`fake Open-Meteo on ${fake.url}`);
