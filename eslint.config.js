import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// docs/architecture.md, rooms: the panel reaches data only through the API client.
const PANEL_ROOMS = [
  {
    group: ["#api/*", "#server/*", "**/api/**", "../api/*", "../../api/*", "../../../api/*"],
    message: "The panel never imports the API's code (docs/architecture.md, rooms).",
  },
  {
    group: ["drizzle-orm", "drizzle-orm/*", "@electric-sql/pglite", "pg"],
    message: "The panel never touches the database (docs/architecture.md, rooms).",
  },
];
// Shared schemas are read by both sides, so they import neither side's code.
const SCHEMA_ROOMS = [{ group: ["#api/*", "#server/*", "~/*", "**/api/**", "**/app/**"], message: "Shared schemas import only zod." }];
// An action that parses its form with conform directly answers 500 to a malformed `__intent__`/`__state__`.
const SUBMISSION_READERS = ["@conform-to/zod", "@conform-to/zod/v3", "@conform-to/zod/v4"].map((name) => ({
  name,
  importNames: ["parseWithZod"],
  message: "Actions read their form with parseSubmission (app/lib/submission.server.ts).",
}));

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // ADR 018: handlers get the raw request (a client navigation's is "/page.data?_routes=…"); the page's
      // address is the `url` argument.
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='URL'] > MemberExpression.arguments[object.name='request'][property.name='url']",
          message: "Use the loader's or action's `url` argument: request.url is React Router's raw request (ADR 018).",
        },
      ],
      "no-restricted-imports": ["error", { patterns: PANEL_ROOMS, paths: SUBMISSION_READERS }],
    },
  },
  {
    // The submission reader itself, and the browser's validation of conform's own fields.
    files: ["app/lib/submission.server.ts", "app/lib/use-zod-form.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: PANEL_ROOMS }] },
  },
  {
    // The route tests' harness starts the real API beside the panel to make users and data; it never ships
    // with the panel, and the routes it runs still reach data only through their API client.
    files: ["app/testing/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: SUBMISSION_READERS }] },
  },
  {
    files: ["api/**/*.ts", "server/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[computed=false][property.name='var']",
          message: 'Use c.get("name"): Hono builds a new object of every variable on each read of c.var (docs/decisions/039).',
        },
      ],
    },
  },
  {
    files: ["schemas/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: SCHEMA_ROOMS }],
    },
  },
  {
    // What every screen reads (the sidebar, the banner, ids, list filters) stays free of the form library,
    // so a screen without a form does not download and run it (docs/decisions/038).
    files: [
      "schemas/ids.ts",
      "schemas/permissions.ts",
      "schemas/held-actions.ts",
      "schemas/event-kinds.ts",
      "schemas/profile-kinds.ts",
      "schemas/co-founder-match.ts",
      "schemas/favorite-kinds.ts",
      "schemas/invitation-kinds.ts",
      "schemas/dashboard-periods.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "Kept free of zod: screens without forms read this (docs/decisions/038)." }],
          patterns: SCHEMA_ROOMS,
        },
      ],
    },
  },
);
