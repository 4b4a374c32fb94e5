-- A post's full-text document (`search`, ~1.7 KB for a post of ~3,500 characters) kept in the
-- post's row instead of the TOAST table (docs/decisions/0068). With the default (EXTENDED) the
-- row's size made PostgreSQL move it out of line once its body was compressed, so a search read
-- it through the TOAST index for every post it tested with @@ and again for every ts_rank: the
-- ranking of a common word's newest 500 matches touched 3,170 pages for 207 with it in the row
-- (execution 3.9 -> 1.7 ms at 10,000 posts). MAIN still compresses it, and moves it out only when
-- the row cannot fit otherwise; the body (EXTENDED) goes out first. Rows already written keep
-- their place until they are written again (a save, an import, or VACUUM FULL blog_posts).
ALTER TABLE "blog_posts" ALTER COLUMN "search" SET STORAGE MAIN;
