import { describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { loader } from "./team";

/** A raw error of a failed query: visitors must never read it. */
const RAW = 'relation "team_members" does not exist (host=db.internal)';

vi.mock("~/server/db/client.server", () => ({ db: () => Promise.reject(new Error(RAW)) }));

describe("the team page when loading fails", () => {
  it("puts a fixed friendly text in the 'Error loading team' toast, never the raw error", async () => {
    const url = new URL("http://127.0.0.1/team");
    const result = await loader({ request: new Request(url), url, params: {}, context: new RouterContextProvider(), pattern: "/team" });
    expect(result).toEqual({ members: [], error: "The team could not be loaded. Please try again." });
  });
});
