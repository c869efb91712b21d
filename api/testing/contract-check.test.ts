/** The tests' answer check itself: what it lets through, and each way an answer can break the contract. */
import { describe, expect, it } from "vitest";
import { API } from "#schemas/contract/index.ts";
import { pathTo } from "#schemas/contract/route.ts";
import { contractBreach } from "./contract-check.ts";

const JSON_TYPE = "application/json; charset=UTF-8";
const forgot = pathTo(API.forgotPassword);
const checkIn = pathTo(API.checkIn, { id: 7 });
const counts = { checked_in: 1, expected: 2 };

describe("the contract check", () => {
  it("lets through a declared success with exactly its answer, and a refusal the route gives in its shape", () => {
    expect(contractBreach("POST", forgot, 200, JSON_TYPE, { message: "Sent." })).toBeNull();
    expect(contractBreach("POST", forgot, 422, JSON_TYPE, { message: "No.", errors: { email: ["No."] } })).toBeNull();
    expect(contractBreach("POST", forgot, 419, JSON_TYPE, { message: "CSRF token mismatch." })).toBeNull();
    expect(contractBreach("GET", "/api/nowhere", 404, JSON_TYPE, { message: "Not Found" })).toBeNull();
  });

  it("fails a success from a route nobody declared, or with another status", () => {
    expect(contractBreach("GET", "/api/nowhere", 200, JSON_TYPE, {})).toMatch(/no route declares it/);
    expect(contractBreach("POST", forgot, 201, JSON_TYPE, { message: "Sent." })).toMatch(/answered 201, declared 200/);
  });

  it("fails an answer missing a field, with one of another type, or with a field its schema does not name", () => {
    expect(contractBreach("POST", forgot, 200, JSON_TYPE, {})).toMatch(/does not match its schema/);
    expect(contractBreach("POST", forgot, 200, JSON_TYPE, { message: 5 })).toMatch(/does not match its schema/);
    expect(contractBreach("POST", forgot, 200, JSON_TYPE, { message: "Sent.", token: "x" })).toMatch(/does not declare/);
  });

  it("fails a refusal its route does not declare, or one in another shape", () => {
    expect(contractBreach("POST", forgot, 409, JSON_TYPE, { message: "Taken." })).toMatch(/refused with 409, which it does not declare/);
    expect(contractBreach("POST", forgot, 429, JSON_TYPE, { error: "slow down" })).toMatch(/does not match its schema/);
    expect(contractBreach("POST", forgot, 429, JSON_TYPE, { message: "Slow down.", retry: 5 })).toMatch(/does not declare/);
    // A 422 says which field was refused.
    expect(contractBreach("POST", forgot, 422, JSON_TYPE, { message: "No." })).toMatch(/does not match its schema/);
  });

  it("reads a refusal that says more by the route's own answer for it", () => {
    const outcome = { outcome: "already_checked_in", message: "Already in.", ticket: null, counts };
    expect(contractBreach("POST", checkIn, 409, JSON_TYPE, outcome)).toBeNull();
    expect(contractBreach("POST", checkIn, 404, JSON_TYPE, { message: "Not Found" })).toBeNull();
    expect(contractBreach("POST", checkIn, 409, JSON_TYPE, { message: "Already in." })).toMatch(/does not match its schema/);
  });

  it("takes a fault (500) on any route, in the refusal shape", () => {
    expect(contractBreach("POST", forgot, 500, JSON_TYPE, { message: "Server Error" })).toBeNull();
    expect(contractBreach("POST", forgot, 500, JSON_TYPE, { stack: "…" })).toMatch(/does not match its schema/);
  });
});
