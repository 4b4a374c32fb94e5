/**
 * Answer engines: the AI assistants whose answers link to the site (docs/decisions/0053). A visit
 * is credited to one when its referrer is the engine's site, or when the link carried the engine's
 * own `utm_source` (ChatGPT appends `utm_source=chatgpt.com` because it usually sends no referrer).
 * Stored by key (analytics_events.engine, leads.answer_engine), shown by name.
 */
export const ANSWER_ENGINES = [
  { key: "chatgpt", name: "ChatGPT", domains: ["chatgpt.com", "chat.openai.com"] },
  { key: "perplexity", name: "Perplexity", domains: ["perplexity.ai"] },
  { key: "gemini", name: "Gemini", domains: ["gemini.google.com", "bard.google.com"] },
  { key: "copilot", name: "Copilot", domains: ["copilot.microsoft.com", "copilot.cloud.microsoft"] },
  { key: "claude", name: "Claude", domains: ["claude.ai"] },
] as const;

export type AnswerEngine = (typeof ANSWER_ENGINES)[number]["key"];

/** Bing answers with Copilot under these paths; the rest of bing.com is a search engine. */
const BING_COPILOT_PATHS = /^\/(chat|copilotsearch)(\/|$)/;

/** A domain is an engine's when it is one of its domains or under one ('www.perplexity.ai', 'labs.perplexity.ai'). */
function engineOfHost(host: string): AnswerEngine | null {
  const name = host.toLowerCase().replace(/\.$/, "");
  const engine = ANSWER_ENGINES.find((e) => e.domains.some((d) => name === d || name.endsWith(`.${d}`)));
  return engine?.key ?? null;
}

/** The host and path of a referrer given as a full address or as a bare domain ('chatgpt.com'). */
function partsOf(referrer: string): { host: string; path: string } | null {
  const text = referrer.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return { host: url.hostname, path: url.pathname };
  } catch {
    return null;
  }
}

/**
 * The answer engine that referred a visit, from its referrer (a full address, or the domain the
 * analytics keep) and its `utm_source`; null for any other visit. The referrer wins when both name
 * an engine. Pure: no clock, no settings.
 */
export function classifyAnswerEngine(referrer: string | null | undefined, utmSource?: string | null): AnswerEngine | null {
  const parts = referrer ? partsOf(referrer) : null;
  if (parts) {
    const byHost = engineOfHost(parts.host);
    if (byHost) return byHost;
    if (/(^|\.)bing\.com$/i.test(parts.host) && BING_COPILOT_PATHS.test(parts.path)) return "copilot";
  }
  const source = utmSource?.trim();
  if (!source) return null;
  const tagged = partsOf(source);
  return tagged && !tagged.path.replace(/\/$/, "") ? engineOfHost(tagged.host) : null;
}

/** The engine's name ("ChatGPT") from its key; the key itself for one this version does not know. */
export function answerEngineName(key: string) {
  return ANSWER_ENGINES.find((e) => e.key === key)?.name ?? key;
}

export function isAnswerEngine(value: unknown): value is AnswerEngine {
  return ANSWER_ENGINES.some((e) => e.key === value);
}
