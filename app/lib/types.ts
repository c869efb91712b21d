/** Shapes of the API's answers, as the panel reads them (the panel never imports api/). */

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
