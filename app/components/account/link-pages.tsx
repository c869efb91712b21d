import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { LINK_INVALID } from "#schemas/account-links";
import { Button, buttonClass } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card } from "~/components/ui/layout";

/*
 * The pages a mailed link opens (/reset-password, /verify-email, /confirm-email) share a card and one page
 * for a link that does not work. That page reads the same for a link that never existed, was used or has
 * expired, says nothing about any account, and offers the way to a new link.
 */

export function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="w-full max-w-md">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      {children}
    </Card>
  );
}

export function InvalidLink({ again, againLabel, children }: { again: string; againLabel: string; children: ReactNode }) {
  return (
    <LinkCard title="This link does not work">
      <p className="mb-2 font-medium text-slate-800" data-testid="invalid-link">
        {LINK_INVALID}
      </p>
      <p className="mb-6 text-slate-600">{children}</p>
      <InAppLink to={again} className={buttonClass("primary")}>
        {againLabel}
      </InAppLink>
    </LinkCard>
  );
}

/** A link that works: what pressing its one button does, and the button (a plain form, for JavaScript off). */
export function LinkButtonCard({ title, button, children }: { title: string; button: string; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <LinkCard title={title}>
      <p className="mb-6 text-slate-600">{children}</p>
      <Form method="post">
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          {button}
        </Button>
      </Form>
    </LinkCard>
  );
}
