/** The dashboard's cards: one call each, all reading the same period, time zone and (some) event form. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import {
  applicationsByStage,
  applicationsPerDay,
  billingsSummary,
  dashboardQuerySchema,
  followersPerWeek,
  invitationsSummary,
  myApplicationsSummary,
  upcomingEvents,
} from "../dashboard.ts";

/** Every card answers its figures under `data`. */
const card = <T extends z.ZodType>(figures: T) => z.object({ data: figures });

export const dashboardRoutes = apiPart("Dashboard", {
  applicationsPerDay: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/applications-per-day",
    summary: "Applications submitted to the organization's events per day of the period (one event form with form_id)",
    access: { feature: "event response read", organization: "forms.read" },
    query: dashboardQuerySchema,
    answer: card(applicationsPerDay),
    refusals: [404],
  }),
  applicationsByStage: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/applications-by-stage",
    summary: "Applications submitted in the period by review stage (one event form with form_id)",
    access: { feature: "event response read", organization: "forms.read" },
    query: dashboardQuerySchema,
    answer: card(applicationsByStage),
    refusals: [404],
  }),
  billingsSummary: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/billings",
    summary: "Billings of the period by payment status, and the money taken per week in each currency",
    access: { feature: "event billing read", organization: "money" },
    query: dashboardQuerySchema,
    answer: card(billingsSummary),
  }),
  upcomingEvents: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/upcoming-events",
    summary: "The organization's next published events and how full they are (for those who read its forms or check people in)",
    access: { feature: "event form read" },
    query: dashboardQuerySchema,
    answer: card(upcomingEvents),
  }),
  followersPerWeek: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/followers",
    summary: "New followers per week of the caller's startup, organization or co-founder profile",
    access: "user",
    query: dashboardQuerySchema,
    answer: card(followersPerWeek),
  }),
  myApplicationsSummary: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/my-applications",
    summary: "The caller's own applications started in the period, by status",
    access: "user",
    query: dashboardQuerySchema,
    answer: card(myApplicationsSummary),
  }),
  invitationsSummary: apiRoute({
    method: "GET",
    path: "/api/v1/admin/dashboard/invitations",
    summary: "Co-founder invitations sent by the caller's startup and received by their profile in the period, by state",
    access: "user",
    query: dashboardQuerySchema,
    answer: card(invitationsSummary),
  }),
});
