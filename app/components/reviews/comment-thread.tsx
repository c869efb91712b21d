import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { MAX_COMMENT_LENGTH, type CommentsView } from "#schemas/reviews";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";
import { TimeAgo } from "~/components/ui/time-ago";

export const COMMENT_INTENT = "comment";

/**
 * The team's thread on an application, oldest first, and a plain form to add to it (with or without
 * JavaScript); "@Name" tells that member. While the reader reviews it blind the thread stays shut.
 */
export function CommentThread({ thread, error, draft }: { thread: CommentsView; error?: string; draft?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === COMMENT_INTENT;
  const form = useClearedAfterPosting(busy, navigation.state === "idle", error);
  return (
    <Card aria-labelledby="comments-heading" id="comments">
      <h2 id="comments-heading" className="text-base font-semibold text-slate-900">
        Team comments
      </h2>
      {thread.hidden ? (
        <p className="mt-2 text-sm text-slate-600">The team’s comments show once your review of this application is in.</p>
      ) : (
        <>
          {thread.comments.length ? (
            <ol className="mt-3 space-y-3" data-testid="comments">
              {thread.comments.map((comment) => (
                <li key={comment.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <p className="text-slate-500">
                    <span className="font-medium text-slate-800">{comment.author.name}</span> · <TimeAgo iso={comment.created_at} />
                  </p>
                  <p className="mt-1 whitespace-pre-wrap text-slate-800">{comment.body}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No comments yet.</p>
          )}
          <Form method="post" className="mt-4 space-y-3" ref={form}>
            <TextAreaField
              id="comment-body"
              name="body"
              label="Comment"
              rows={3}
              maxLength={MAX_COMMENT_LENGTH}
              defaultValue={draft}
              errors={error ? [error] : undefined}
              hint={thread.members.length ? `Write @ and a name to tell them: ${thread.members.map((m) => m.name).join(", ")}.` : undefined}
            />
            <Button type="submit" name="intent" value={COMMENT_INTENT} pending={busy}>
              Add comment
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}

/**
 * The comment box is emptied once its comment is in (the page stays, so the box would otherwise keep the text
 * and a second click post it again); a refused comment keeps it. Comments arriving live leave it alone.
 */
function useClearedAfterPosting(busy: boolean, settled: boolean, error: string | undefined) {
  const form = useRef<HTMLFormElement>(null);
  const posting = useRef(false);
  useEffect(() => {
    if (busy) posting.current = true;
    else if (settled && posting.current) {
      posting.current = false;
      const box = form.current?.elements.namedItem("body");
      if (!error && box instanceof HTMLTextAreaElement) box.value = "";
    }
  }, [busy, settled, error]);
  return form;
}
