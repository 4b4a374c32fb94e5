/**
 * Loading texts of pages whose data loads: shown by the pages themselves and, in a small module of
 * their own, by the islands script while a link's page load is under way (app/boot/behaviours.ts).
 */
export const LOADING_ARTICLES = "Loading articles...";
export const LOADING_ARTICLE = "Loading article...";
export const LOADING_TEAM = "Loading team members...";
