import { describe, expect, it } from "vitest";
import { readShareFragment, shareFragment } from "./shareLink";

describe("share links in the URL fragment", () => {
  it("carry a program and its prepared input there and back", () => {
    const program = { source: 'fn main() {\n    println("héllo {1 + 2}")\n}\n', stdin: "a line\n" };
    expect(readShareFragment(shareFragment(program))).toEqual(program);
  });

  it("survive a URL parser that turns + into a space", () => {
    const fragment = shareFragment({ source: "x".repeat(200) });
    expect(readShareFragment(fragment.replaceAll("+", " "))?.source).toBe("x".repeat(200));
  });

  it("read as no program when the fragment holds none or is damaged", () => {
    expect(readShareFragment("")).toBeUndefined();
    expect(readShareFragment("#section-2")).toBeUndefined();
    expect(readShareFragment("#code=%%%not-lz")).toBeUndefined();
  });
});
