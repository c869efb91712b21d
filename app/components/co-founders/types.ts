/** Shapes of the co-founder and invitation API answers, as the panel reads them (the panel never imports api/). */

export interface MatchView {
  score: number;
  shared_skills: string[];
  matching_roles: string[];
  same_industry: boolean;
  same_stage: boolean;
  same_city: boolean;
  same_country: boolean;
  explanation: string[];
}

export interface CoFounderCardView {
  id: number;
  name: string;
  headline: string;
  skills: string[];
  roles: string[];
  industries: string[];
  commitment: "full_time" | "part_time" | "flexible";
  desired_stage: string | null;
  looking_for: string;
  country: string;
  cityName: string;
  avatar_url: string | null;
  followers_count: number;
  created_at: string;
  match: MatchView;
  is_favorited: boolean;
  invitation_status: "pending" | null;
  pending_invitation_id: number | null;
  bio?: string;
  links?: string[];
}

export interface TeamMemberView {
  id: number;
  co_founder_id: number | null;
  name: string;
  email: string | null;
  title: string;
  role: string;
  equity_note: string | null;
  headline: string | null;
  avatar_url: string | null;
  on_platform: boolean;
  created_at: string;
}

export interface PendingInvitationView {
  id: number;
  co_founder_id: number;
  name: string;
  headline: string;
  title: string | null;
  role: string | null;
  created_at: string;
}

export interface InvitationView {
  id: number;
  status: "pending" | "accepted" | "declined" | "withdrawn";
  message: string | null;
  response_message: string | null;
  title: string | null;
  role: string | null;
  created_at: string;
  responded_at: string | null;
  startup: { id: number; name: string; username: string; logo_url: string | null };
  co_founder: { id: number; name: string; headline: string; avatar_url: string | null };
}
