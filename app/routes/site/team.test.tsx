import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientLoader } from "./team";

/** A raw error of a failed request or query: visitors must never read it. */
const RAW = 'relation "team_members" does not exist (host=db.internal)';

describe("the team page when loading fails", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("puts a fixed friendly text in the 'Error loading team' toast, never the raw error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const url = new URL("http://127.0.0.1/team");
    const result = await clientLoader({
      request: new Request(url),
      url,
      params: {},
      context: new RouterContextProvider(),
      pattern: "/team",
      serverLoader: () => Promise.reject(new Error(RAW)),
    });
    expect(result).toEqual({ members: [], error: "The team could not be loaded. Please try again." });
  });
});
