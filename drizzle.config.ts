import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./api/db/schema.ts",
    "./api/db/events-schema.ts",
    "./api/db/billing-schema.ts",
    "./api/db/community-schema.ts",
    "./api/db/realtime-schema.ts",
    "./api/db/settings-schema.ts",
    "./api/db/tools-schema.ts",
    "./api/db/mail-schema.ts",
    "./api/db/account-tokens-schema.ts",
    "./api/db/organization-schema.ts",
    "./api/db/review-schema.ts",
    "./api/db/question-library-schema.ts",
    "./api/db/webhooks-schema.ts",
    "./api/db/file-objects-schema.ts",
  ],
  out: "./api/db/migrations",
});
