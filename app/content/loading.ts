/**
 * Loading texts of pages whose data loads, in a small module of their own: shown by the islands
 * script while a link's page load is under way (app/boot/behaviours.ts), and 'Loading articles...'
 * by the blog list while a new filter's results load.
 */
export const LOADING_ARTICLES = "Loading articles...";
export const LOADING_ARTICLE = "Loading article...";
export const LOADING_TEAM = "Loading team members...";
