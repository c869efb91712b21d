import { eventPagePath } from "#schemas/event-pages.ts";
import { appLink } from "#api/mail/format.ts";
import { linkedAppUrl } from "#api/lib/app-links.ts";

/** The absolute address of an event's public page, as every event form answer carries it. */
export const publicEventUrl = (form: { id: number; title: string }) => appLink(linkedAppUrl(), eventPagePath(form.id, form.title));
