const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML or XML, in an element or a quoted attribute (the numeric apostrophe serves both). */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
