import { describe, expect, it } from "vitest";
import { answerEngineName, classifyAnswerEngine } from "./answer-engines";

describe("classifyAnswerEngine", () => {
  it.each([
    ["https://chatgpt.com/", "chatgpt"],
    ["https://chat.openai.com/c/123", "chatgpt"],
    ["chatgpt.com", "chatgpt"],
    ["https://www.perplexity.ai/search/abc", "perplexity"],
    ["perplexity.ai", "perplexity"],
    ["https://gemini.google.com/app", "gemini"],
    ["https://bard.google.com/", "gemini"],
    ["https://copilot.microsoft.com/", "copilot"],
    ["https://www.bing.com/chat?q=x", "copilot"],
    ["https://www.bing.com/copilotsearch?q=x", "copilot"],
    ["https://claude.ai/chat/1", "claude"],
    ["CLAUDE.AI", "claude"],
  ])("classifies the referrer %s as %s", (referrer, engine) => {
    expect(classifyAnswerEngine(referrer, null)).toBe(engine);
  });

  it.each([
    ["https://www.google.com/"],
    ["https://www.bing.com/search?q=chat"],
    ["bing.com"],
    ["https://news.ycombinator.com/item?id=1"],
    ["https://notchatgpt.com/"],
    ["https://chatgpt.com.evil.example/"],
    ["https://mail.google.com/"],
    ["javascript:alert(1)"],
    [""],
  ])("leaves %s unclassified", (referrer) => {
    expect(classifyAnswerEngine(referrer, null)).toBeNull();
  });

  it("reads ChatGPT's utm_source when no referrer came", () => {
    expect(classifyAnswerEngine(null, "chatgpt.com")).toBe("chatgpt");
    expect(classifyAnswerEngine("", "chatgpt.com")).toBe("chatgpt");
    expect(classifyAnswerEngine(null, "perplexity.ai")).toBe("perplexity");
  });

  it("ignores a utm_source that is not an engine's domain", () => {
    expect(classifyAnswerEngine(null, "newsletter")).toBeNull();
    expect(classifyAnswerEngine(null, "chatgpt")).toBeNull();
    expect(classifyAnswerEngine(null, "chatgpt.com/some/path")).toBeNull();
    expect(classifyAnswerEngine("https://news.ycombinator.com/", "linkedin")).toBeNull();
  });

  it("lets the referrer win over the campaign tag", () => {
    expect(classifyAnswerEngine("https://claude.ai/", "chatgpt.com")).toBe("claude");
    expect(classifyAnswerEngine("https://news.ycombinator.com/", "chatgpt.com")).toBe("chatgpt");
  });
});

describe("answerEngineName", () => {
  it("names each engine, and an unknown key as itself", () => {
    expect(answerEngineName("chatgpt")).toBe("ChatGPT");
    expect(answerEngineName("copilot")).toBe("Copilot");
    expect(answerEngineName("someday")).toBe("someday");
  });
});
