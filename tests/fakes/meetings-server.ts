/**
 * The Zoom and Google fakes as a process, for the browser tests' server (playwright.config.ts starts it
 * and points ZOOM_* and GOOGLE_* at it). Only Zoom gets client credentials there, so the browser tests
 * see both a connectable provider and the "not configured" one.
 */
import { startFakeGoogle } from "./google.ts";
import { startFakeZoom } from "./zoom.ts";

const google = await startFakeGoogle({ port: Number(process.env.FAKE_GOOGLE_PORT ?? 3216) });
// Zoom last: the test runner waits for its port, so both are listening by then.
const zoom = await startFakeZoom({ port: Number(process.env.FAKE_ZOOM_PORT ?? 3217) });
console.log(`fake Zoom on ${zoom.url}, fake Google on ${google.url}`);
