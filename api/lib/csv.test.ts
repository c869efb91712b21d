import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.ts";

describe("csv cells", () => {
  it("neutralises what a spreadsheet would run as a formula, but keeps negative numbers numbers", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-1.26")).toBe("-1.26");
    expect(csvCell("-3")).toBe("-3");
    expect(csvCell("-")).toBe("'-");
    expect(csvLine(["a,b", "-0.5"])).toBe('"a,b",-0.5\r\n');
  });
});
