import postcss from "postcss";
import { rulesUsed, withLayerOrder, wordsOfIslandFiles, type IslandWords } from "./page-css.server";

/**
 * The rules an island that starts at a touch brings with its code (decision 0078): a kept page's
 * cut leaves them out (page-css.server.ts, `RULES_WITH_CODE`), so they are not in the bytes of its
 * first round trip, and the islands script loads this sheet with the island's code
 * (app/boot/entry.ts, `/island-sheets/<name>.css`).
 *
 * It holds the rules of the whole stylesheet that the island's code may use (its files' words) in
 * their order, each style rule inside `@scope (flow-island[data-island="<name>"])`: added after
 * the page's cut, a rule the page's own elements use too must not move ahead of a later rule of
 * the cut for them (`.p-4` after `.px-2` would win over it), while inside the island every rule its
 * classes need is there, in the stylesheet's order. Its `@keyframes` stay unscoped (they name
 * an animation), and Tailwind's fallbacks for browsers without `@property` (a `properties` layer
 * that applies only there). The variables its rules read (the theme's), their `@property` registrations and
 * the font faces of its texts are not here but in the page's cut: adding any of them made the
 * browser style the whole page again, where rules scoped to the island restyle only it.
 */
export async function islandSheet(css: string, name: string, islands: IslandWords): Promise<string> {
  const words = wordsOfIslandFiles(islands.chunks[name] ?? [], islands);
  const root = await rulesUsed(css, "", words);
  // What names things is in the page's cut (page-css.server.ts): added here, each made the browser
  // style the whole page again (~20 ms at a 4× slowdown on the landing page, for each kind).
  // (Tailwind's `properties` layer stays: its fallbacks apply only where `@property` does not.)
  root.walkAtRules((rule) => {
    const kind = rule.name.toLowerCase();
    if (kind === "font-face" || kind === "property" || (kind === "layer" && rule.nodes && rule.params.trim() === "theme")) rule.remove();
  });
  scopeRules(root, `flow-island[data-island="${name}"]`);
  // What PurgeCSS left empty (a layer's `@media` whose rules all went), and the licence comment the page carries.
  root.walkComments((comment) => void comment.remove());
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((rule) => {
      if (rule.nodes?.length !== 0) return;
      rule.remove();
      emptied = true;
    });
  }
  return withLayerOrder(root.toString(), css);
}

/** At-rules whose content is not style rules for elements, and the layers that hold only variables. */
const NAMING = new Set(["keyframes", "font-face", "property", "counter-style", "page"]);
const VARIABLE_LAYERS = new Set(["theme", "properties"]);

/** Each run of sibling style rules of `container` (at any depth but the naming at-rules and variable layers) wrapped in one `@scope (root)`. */
export function scopeRules(container: postcss.Container, root: string) {
  let scope: postcss.AtRule | null = null;
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type === "rule") {
      // Each rule keeps the spacing it had (none in a built stylesheet), the scope takes the first one's.
      const before = node.raws.before ?? "";
      if (!scope) {
        scope = postcss.atRule({ name: "scope", params: `(${root})`, raws: { before, afterName: " ", between: "", after: "" } });
        node.before(scope);
      }
      scope.append(node);
      node.raws.before = scope.nodes!.length === 1 ? "" : before;
      continue;
    }
    if (node.type === "comment") continue;
    scope = null;
    if (node.type !== "atrule" || !node.nodes) continue;
    const name = node.name.toLowerCase();
    if (NAMING.has(name) || (name === "layer" && VARIABLE_LAYERS.has(node.params.trim()))) continue;
    scopeRules(node, root);
  }
}
