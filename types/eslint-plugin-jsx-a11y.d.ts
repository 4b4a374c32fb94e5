// eslint-plugin-jsx-a11y ships no types: the part eslint.config.js uses.
declare module "eslint-plugin-jsx-a11y" {
  import type { Linter } from "eslint";
  const plugin: { flatConfigs: { recommended: Linter.Config } };
  export default plugin;
}
