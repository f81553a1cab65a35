/** Help centre ports. */
import { Context, type Effect } from "effect";
import type { HelpArticle, HelpSearchHit } from "./model.ts";

export class HelpRepository extends Context.Tag("help/HelpRepository")<
  HelpRepository,
  {
    /** Published `help` rows of the content table (admin-edited), as articles. */
    readonly published: Effect.Effect<readonly HelpArticle[]>;
    /**
     * PostgreSQL full-text search (english configuration, websearch syntax) over the titles,
     * summaries and bodies of `articles`; best match first, at most `limit`.
     */
    readonly search: (
      articles: readonly HelpArticle[],
      query: string,
      limit: number,
    ) => Effect.Effect<readonly HelpSearchHit[]>;
  }
>() {}
