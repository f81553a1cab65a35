/** The help centre's tagged errors. */
import { Data } from "effect";

/** No article with this slug (404). */
export class HelpArticleNotFound extends Data.TaggedError("HelpArticleNotFound")<{ readonly slug: string }> {}

export type HelpError = HelpArticleNotFound;
