/** AppUrl port: the public origin of the web app (e.g. https://closr.com.au), for links in emails. */
import { Context, Layer } from "effect";

export class AppUrl extends Context.Tag("shared/AppUrl")<AppUrl, { readonly origin: string }>() {}

/** An AppUrl for a fixed origin (trailing slash removed). */
export const AppUrlFrom = (origin: string) => Layer.succeed(AppUrl, { origin: origin.replace(/\/+$/, "") });
