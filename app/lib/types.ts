/** Shapes of the API's answers, as the panel reads them (the panel never imports api/). */
import type { UserSettings } from "../../schemas/settings";

export type AccountType = "startup" | "organization" | "co-founder";

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  is_active: boolean;
  startup_id: number | null;
  co_founder_id: number | null;
  account_type: AccountType | null;
  setup_complete: boolean;
  roles: string[];
  permissions: string[];
  created_at: string | null;
  /** Unread notifications; absent from an upstream that has none. */
  unread_notifications_count?: number;
  /** The user's preferences (/settings); absent from an upstream that has none: the defaults apply. */
  settings?: UserSettings;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; per_page: number; to: number | null; total: number };
}

export interface Country {
  code: string;
  name: string;
  dial_code: string;
  flag: string;
}

export interface Startup {
  id: number;
  account_type: "startup" | "organization";
  name: string;
  username: string;
  logo_url: string | null;
  country: string;
  cityName: string;
  description: string;
  industry: string;
  stage: string | null;
  website: string | null;
  links: string[];
  followers_count: number;
}

export interface CoFounderProfile {
  id: number;
  name: string;
  headline: string;
  skills: string[];
  country: string;
  cityName: string;
  bio: string;
  links: string[];
  avatar_url: string | null;
}

export interface Role {
  id: number;
  name: string;
  is_system: boolean;
  permissions: string[];
  users_count: number;
}

export interface UserListItem {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  roles: { id: number; name: string }[];
  created_at: string;
}

export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export interface Collection {
  id: number;
  name: string;
  event_forms_count: number;
  created_at: string;
  updated_at: string;
}

export interface CustomQuestion {
  id: string;
  label: string;
  help_text: string | null;
  type: string;
  required: boolean;
  options: string[];
}

export type StandardQuestions = Record<string, { enabled: boolean; required: boolean }>;

export interface EventForm {
  id: number;
  collection_id: number | null;
  collection: { id: number; name: string } | null;
  title: string;
  description: string;
  banner_url: string | null;
  category: string;
  nature: "online" | "in_person" | "hybrid";
  timezone: string;
  starts_at: string;
  ends_at: string;
  starts_at_local: string;
  ends_at_local: string;
  venue: string | null;
  /** An in-person or hybrid event's country (ISO code) and city, from the app's city list. */
  venue_country: string | null;
  venue_city: string | null;
  online_link: string | null;
  capacity: number | null;
  application_deadline: string | null;
  application_deadline_local: string | null;
  type_of_event: "free" | "paid";
  paid_event_information: { price: string; currency: string; includes: string | null } | null;
  questions: StandardQuestions;
  custom_questions: CustomQuestion[];
  status: "draft" | "published" | "closed";
  startup: { id: number; name: string; username: string; logo_url: string | null };
  applications_count: number;
  created_at: string;
  updated_at: string;
}

export type AnswerValue = string | string[] | boolean | number | null | { file_id: string; url: string };

export interface EventApplication {
  id: number;
  event_form_id: number;
  user_id: number;
  status: "draft" | "pending" | "shortlisted" | "accepted" | "rejected" | "waitlisted" | "cancelled";
  answers: Record<string, AnswerValue>;
  applicant_name: string;
  applicant_email: string;
  submitted_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export type PublicEventForm = Pick<
    EventForm,
    | "id"
    | "title"
    | "description"
    | "banner_url"
    | "category"
    | "nature"
    | "timezone"
    | "starts_at"
    | "ends_at"
    | "venue"
    | "online_link"
    | "capacity"
    | "application_deadline"
    | "type_of_event"
    | "paid_event_information"
    | "questions"
    | "custom_questions"
    | "status"
    | "startup"
> & { is_favorited?: boolean };

export type BillingStatus = import("../../schemas/billing").BillingStatus;

/** A payer's billing for a paid event form (money as "25.00" strings, in `currency`). */
export interface EventBilling {
  id: number;
  event_form_id: number;
  event_form: { id: number; title: string };
  user_id: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  country: string;
  city: string;
  coupon_code: { id: number; code: string } | null;
  amount: string;
  discount: string;
  total: string;
  currency: string;
  payment_status: BillingStatus;
  connect_pay_id: string | null;
  provider: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One change of a billing's payment status; `changed_by` is null when the payment provider changed it. */
export interface BillingStatusChange {
  id: number;
  from_status: BillingStatus | null;
  to_status: BillingStatus;
  changed_by: { id: number; name: string } | null;
  reason: string | null;
  created_at: string;
}

export type EventBillingDetail = EventBilling & { status_changes: BillingStatusChange[] };

/** The owner's payments list: a page of billings plus the whole form's totals and the form itself. */
export type EventBillingList = Paginated<EventBilling> & {
  totals: { billings: number; successful: number; pending: number; amount_collected: string; discounts: string };
  event_form: Pick<EventForm, "id" | "title" | "type_of_event" | "paid_event_information">;
};

/** `POST /api/v1/admin/event_billings/quote`: what a billing would cost, computed by the server. */
export interface BillingQuote {
  event_form: { id: number; title: string };
  amount: string;
  discount: string;
  total: string;
  currency: string;
  coupon_code: { id: number; code: string } | null;
}

/** `POST|PUT /api/v1/admin/event_billings`: the billing and where to pay it (null when nothing is owed). */
export interface CheckoutOpened {
  event_billing: EventBilling;
  payment_url: string | null;
}

/** `POST /api/v1/admin/event_billings/verify_payment`: what became of a payment, and the billing it pays. */
export interface PaymentVerification {
  payment_status: BillingStatus;
  message: string;
  event_billing: { id: number; event_form_id: number; payment_status: BillingStatus };
}
