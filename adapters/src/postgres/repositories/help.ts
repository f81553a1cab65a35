/**
 * HelpRepository on PostgreSQL (issue 18, ADR 0014). Published `help` rows of the content table
 * (admin-edited: content holds JSON {topic, summary, body}) become articles; search is PostgreSQL
 * full text (english, websearch syntax) over the given articles — built-in ones travel as a JSON
 * parameter, so the code-defined articles and the stored ones rank in the same query. Titles
 * weigh most (A), then summaries (B), then bodies (C).
 */
import { type HelpArticle, HelpRepository, isHelpTopic } from "@closr/core/help";
import { Effect } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { ambientLayer } from "../transaction-scope.ts";

const jsonObject = (value: unknown): Record<string, unknown> => {
  try {
    const parsed = typeof value === "string" ? JSON.parse(value) : value;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const published = async (db: Db): Promise<HelpArticle[]> => {
  const rows = await sql<{ slug: string; title: string; content: unknown }>`
    SELECT slug, title, content FROM content WHERE type = 'help' AND published ORDER BY id`.execute(db);
  return rows.rows.flatMap((row) => {
    const c = jsonObject(row.content);
    const topic = String(c.topic ?? "");
    const body = typeof c.body === "string" ? c.body : "";
    if (!isHelpTopic(topic) || body.trim() === "") return [];
    return [
      {
        slug: row.slug,
        title: row.title,
        topic,
        summary: typeof c.summary === "string" ? c.summary : "",
        body,
        source: "content" as const,
      },
    ];
  });
};

const search = async (db: Db, articles: readonly HelpArticle[], query: string, limit: number) => {
  const docs = JSON.stringify(
    articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, body: a.body })),
  );
  const rows = await sql<{ slug: string; extract: string }>`
    WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query),
    docs AS (
      SELECT d.slug, d.body,
             setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.summary), 'B')
               || setweight(to_tsvector('english', d.body), 'C') AS doc
      FROM jsonb_to_recordset(${docs}::text::jsonb) AS d(slug text, title text, summary text, body text)
    )
    SELECT docs.slug,
           ts_headline('english', regexp_replace(regexp_replace(docs.body, '\\]\\([^)]*\\)', '', 'g'), '[*#|>_\`\\[\\]]+', '', 'g'), q.query,
                       'MaxWords=30, MinWords=12, StartSel=<<, StopSel=>>') AS extract
    FROM docs, q
    WHERE docs.doc @@ q.query
    ORDER BY ts_rank(docs.doc, q.query) DESC, docs.slug
    LIMIT ${limit}`.execute(db);
  const bySlug = new Map(articles.map((a) => [a.slug, a]));
  return rows.rows.flatMap((row) => {
    const article = bySlug.get(row.slug);
    return article ? [{ article, extract: row.extract }] : [];
  });
};

const makeHelpRepository = (db: Db) =>
  HelpRepository.of({
    published: Effect.promise(() => published(db)),
    search: (articles, query, limit) => Effect.promise(() => search(db, articles, query, limit)),
  });

export const HelpRepositoryPg = ambientLayer(HelpRepository, makeHelpRepository);
