/** The applicant's pages of a paid event, in the order they are met. */
export const formPath = (formId: number) => `/form-submission?form_id=${formId}`;
export const billingPath = (formId: number) => `/form-submission/billing?form_id=${formId}`;
export const billingEditPath = (billingId: number) => `/form-submission/billing/edit/${billingId}`;
export const processingPath = (connectPayId: string) =>
  `/form-submission/payment-processing?connect_pay_id=${encodeURIComponent(connectPayId)}`;
export const successPath = (formId: number) => `/form-submission/payment-success?form_id=${formId}`;
