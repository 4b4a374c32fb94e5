import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Queryable } from "~/server/db/client.server";

/**
 * `db` with the text of every statement it runs noted in `texts`, in order: for tests of how many
 * statements a screen's figures take (each is a round trip, and on PGlite a planning).
 */
export function withStatementLog<T extends Queryable>(db: T): { db: T; texts: string[] } {
  const dialect = new PgDialect();
  const texts: string[] = [];
  const watched = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "execute") return Reflect.get(target, prop, receiver) as unknown;
      return (statement: SQL) => {
        texts.push(dialect.sqlToQuery(statement).sql);
        return target.execute(statement);
      };
    },
  });
  return { db: watched, texts };
}
