/** What the applications API answers, in one place: the services throw these and the tests expect them. */
export const FORM_NOT_FOUND = "Event form not found";
export const APPLICATION_NOT_FOUND = "Event Application not found";
export const ALREADY_APPLIED = "You have already applied to this event.";
export const ALREADY_CANCELLED = "This application is already cancelled.";
export const NOT_SUBMITTED = "Only a submitted application can change status.";
export const PAY_FIRST = "Pay for this event before you apply.";
