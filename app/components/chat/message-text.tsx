import { linkify } from "~/lib/linkify";

/** A message's text: plain text (React escapes it), with http(s) addresses as safe links. */
export function MessageText({ body, mine }: { body: string; mine: boolean }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {linkify(body).map((part, index) =>
        part.kind === "link" ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={`underline ${mine ? "text-white" : "text-brand-700"}`}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
