import { data, Form, useNavigation } from "react-router";
import { alreadyUnsubscribedMessage, UNSUBSCRIBE_LINK_INVALID, unsubscribeQuestion } from "#schemas/mail-preferences";
import { API } from "#schemas/contract/index";
import { Button } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/unsubscribe";

/*
 * The page a mail's unsubscribe link opens, without logging in: the signed token in its address names the
 * reader and the kind of mail. A GET only shows what the link turns off (mail scanners open links, and
 * opening must never unsubscribe); the POST turns it off. That POST is the page's button, or the reader's
 * mail provider's one-click unsubscribe (RFC 8058), which posts `List-Unsubscribe=One-Click` here itself:
 * the button sends the same field, so both take one path.
 */

/** The field RFC 8058's one-click POST carries, and the page's own button with it. */
const ONE_CLICK_FIELD = "List-Unsubscribe";
const ONE_CLICK_VALUE = "One-Click";

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await context.get(apiContext).request(API.showUnsubscribe, { params: { token: params.token } });
  if (!result.ok) return data({ view: null, message: result.body.message }, { status: result.status });
  return { view: result.body.data, message: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get(ONE_CLICK_FIELD) !== ONE_CLICK_VALUE) {
    return data({ done: null, message: "This request does not unsubscribe: use the button on this page." }, { status: 400 });
  }
  const result = await context.get(apiContext).request(API.unsubscribe, { params: { token: params.token } });
  if (!result.ok) return data({ done: null, message: result.body.message }, { status: result.status });
  return { done: result.body.message, message: null };
}

function SettingsLink() {
  return (
    <p className="mt-4 text-sm text-slate-600">
      To choose which mail you receive, open your{" "}
      <InAppLink to="/settings" className="font-medium text-brand-700 underline">
        settings
      </InAppLink>{" "}
      (after logging in).
    </p>
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const view = loaderData.view;
  const failure = actionData?.message ?? loaderData.message;
  let content;
  if (actionData?.done) {
    content = (
      <>
        <h1 className="mb-2 text-2xl font-bold">You are unsubscribed</h1>
        <p className="text-slate-700" role="status">
          {actionData.done}
        </p>
      </>
    );
  } else if (!view) {
    content = (
      <>
        <h1 className="mb-2 text-2xl font-bold">This link does not work</h1>
        <p className="text-slate-700">{failure ?? UNSUBSCRIBE_LINK_INVALID}</p>
      </>
    );
  } else if (!view.subscribed) {
    content = (
      <>
        <h1 className="mb-2 text-2xl font-bold">Already unsubscribed</h1>
        <p className="text-slate-700">{alreadyUnsubscribedMessage(view.label)}</p>
      </>
    );
  } else {
    content = (
      <>
        <h1 className="mb-2 text-2xl font-bold">Unsubscribe</h1>
        <p className="mb-4 text-slate-700">{unsubscribeQuestion(view.label)}</p>
        {failure ? (
          <p className="mb-4 text-sm text-red-700" role="alert">
            {failure}
          </p>
        ) : null}
        <Form method="post">
          <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
          <Button type="submit" pending={navigation.state === "submitting"}>
            Unsubscribe
          </Button>
        </Form>
      </>
    );
  }
  return (
    <Card className="w-full max-w-md">
      {content}
      <SettingsLink />
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe · Launchpad" }];
