/** What the billing API answers, in one place: the services throw these and the tests expect them. */
export const BILLING_NOT_FOUND = "Event billing not found";
export const ALREADY_BILLED = "You already have a billing for this event.";
export const FORM_NOT_PAYABLE = "The selected event form is not open for payment.";
export const ALREADY_PAID = "This billing has already been paid.";
export const PAYMENT_NOT_FOUND = "Payment not found";
export const PAYMENT_MISMATCH =
  "This payment does not match the billing: the billing changed after the checkout was opened. Please pay again.";
export const BILLING_CLOSED = "This billing is no longer open for payment.";
export const FORM_CANNOT_CHANGE = "The event form of a billing cannot change.";
/** Added to a refusal of money the provider took: the payments row lets the organiser find and refund it. */
export const RECORDED_FOR_REFUND = "This payment was recorded so the organiser can refund it.";
export const COUPON_USED_UP_ON_REOPEN =
  "The coupon code on this billing has been used up since it was cancelled, so the billing cannot be reopened.";
/** A payment that came in after the last place went (an offer from the waitlist lapsed at the checkout, say). */
export const EVENT_FILLED =
  "The event filled up before this payment came in: a place offered from its waitlist is held only until its time is up.";
/** A full paid event with a waitlist sells its places only to those offered one from the line. */
export const JOIN_THE_LINE = "This event is full: join its waitlist, and pay once a place is offered to you.";
