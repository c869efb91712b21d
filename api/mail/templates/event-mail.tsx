import type { ReactNode } from "react";
import { appLink } from "../format.ts";
import { EventDetails, type EventFacts } from "./event-details.tsx";
import { MailButton, MailLayout, MailText } from "./layout.tsx";
import { PreferencesNote } from "./preferences-note.tsx";

/** What every event mail to an applicant has: their name, the event, the way back to it, and the settings note. */
export interface EventMailProps {
  appUrl: string;
  name: string;
  event: EventFacts;
  /** The panel path of the event's page for the applicant. */
  path: string;
  about: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

function EventMail({
  props,
  heading,
  preview,
  children,
}: {
  props: EventMailProps;
  heading: string;
  preview: string;
  children: ReactNode;
}) {
  return (
    <MailLayout preview={preview} heading={heading} appUrl={props.appUrl}>
      <MailText>Hello {props.name},</MailText>
      {children}
      <EventDetails event={props.event} />
      <MailButton href={appLink(props.appUrl, props.path)}>Open the event</MailButton>
      <PreferencesNote about={props.about} unsubscribeUrl={props.unsubscribeUrl} settingsUrl={props.settingsUrl} />
    </MailLayout>
  );
}

/** To the applicant once their application is in, with the calendar invitation attached. */
export function ApplicationReceivedMail(props: EventMailProps) {
  const heading = `We received your application to ${props.event.title}`;
  return (
    <EventMail props={props} heading={heading} preview={heading}>
      <MailText>Your application is in and waits for the organiser's review. You will get a mail when its status changes.</MailText>
      <MailText>The attached invitation (event.ics) puts the event in your calendar.</MailText>
    </EventMail>
  );
}

/** To the applicant when the organiser changes the review status; an accepted one learns how to join. */
export function ReviewStatusMail(props: EventMailProps & { statusText: string; accepted: boolean }) {
  const heading = `Your application to ${props.event.title} is ${props.statusText}`;
  return (
    <EventMail props={props} heading={heading} preview={heading}>
      <MailText>
        {props.accepted
          ? "Congratulations: you have a place. We will remind you the day before the event."
          : "The organiser changed your application's status. You can follow it on My applications."}
      </MailText>
    </EventMail>
  );
}

/** To accepted applicants 24 hours before the event. */
export function EventReminderMail(props: EventMailProps) {
  const heading = `Reminder: ${props.event.title} starts soon`;
  return (
    <EventMail props={props} heading={heading} preview={`${props.event.title}: ${props.event.when}`}>
      <MailText>This is your reminder for the event you were accepted to.</MailText>
    </EventMail>
  );
}

/** To accepted applicants when the event's time changes, with the updated calendar invitation. */
export function EventRescheduledMail(props: EventMailProps) {
  const heading = `${props.event.title} has a new time`;
  return (
    <EventMail props={props} heading={heading} preview={`${props.event.title}: ${props.event.when}`}>
      <MailText>The organiser changed the event's time. The attached invitation (event.ics) updates the one in your calendar.</MailText>
    </EventMail>
  );
}
