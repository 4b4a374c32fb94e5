/**
 * The site's fixed addresses, as app/routes.ts maps them (site-pages.test.ts keeps the two in step).
 * Analytics counts the pages (and lists each even on a day without visits); a redirect can start at
 * none of them, pages or files.
 */
export const SITE_PAGES = ["/", "/blog", "/case-studies", "/team", "/audit", "/privacy", "/terms"] as const;

/** The files the site serves at fixed addresses (resource routes). */
export const SITE_FILES = ["/healthz", "/sitemap.xml", "/robots.txt", "/rss.xml", "/case-studies/rss.xml", "/llms.txt"] as const;
