import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/guest/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("setup", "routes/setup/setup.tsx"),
    route("setup/complete", "routes/setup/complete.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  layout("routes/admin/layout.tsx", [
    index("routes/home/home.tsx"),
    route("account", "routes/account/account.tsx"),
    route("user-management/users", "routes/user-management/users.tsx"),
    route("user-management/roles", "routes/user-management/roles.tsx"),
    route("user-management/roles/new", "routes/user-management/role-new.tsx"),
    route("user-management/roles/:id", "routes/user-management/role-edit.tsx"),
    route("collections", "routes/collections/collections.tsx"),
    route("event-forms", "routes/event-forms/list.tsx"),
    route("event-forms/create", "routes/event-forms/create.tsx"),
    route("event-forms/edit/:id", "routes/event-forms/edit.tsx"),
    route("form-submission", "routes/form-submission/apply.tsx"),
    route("event-applications", "routes/event-applications/list.tsx"),
    route("event-responses/:event_form_id", "routes/event-responses/list.tsx"),
    route("event-responses/:event_form_id/form/:event_application_id", "routes/event-responses/detail.tsx"),
    route("events", "routes/events/discover.tsx"),
    route("coupon-codes", "routes/coupon-codes/coupon-codes.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
