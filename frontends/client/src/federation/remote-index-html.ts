/**
 * The page a remote serves at its own root (dist/index.html, and / of its dev server), written
 * once for business, agent and admin: a note that the remote runs inside the shell. Vite builds
 * a remote from this page as its HTML entry, so the plugin supplies it in place of an
 * index.html file in each remote's folder.
 */
import path from "node:path";
import type { Plugin } from "vite";
import type { RemoteName } from "./shared.ts";

/** The HTML of remote `name`'s root page, as each remote's index.html held it. */
export function remoteIndexHtml(name: RemoteName): string {
  return `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Closr ${name} remote</title>
  </head>
  <body>
    <p>This is Closr's ${name} remote. It runs inside the shell: open the shell and go to /${name}.</p>
  </body>
</html>
`;
}

/**
 * A Vite plugin that makes `<root>/index.html` (the build's default HTML entry) the page of
 * `remoteIndexHtml(name)` without a file on disk, and serves it from the dev server at the
 * remote's base (`/remotes/{name}/` and `/remotes/{name}/index.html`).
 */
export function remoteIndexHtmlPlugin(name: RemoteName): Plugin {
  let entry = "";
  return {
    name: "closr:remote-index-html",
    enforce: "pre",
    configResolved(config) {
      entry = path.resolve(config.root, "index.html");
    },
    resolveId(id) {
      return path.resolve(id) === entry ? entry : null;
    },
    load(id) {
      return id === entry ? remoteIndexHtml(name) : null;
    },
    configureServer(server) {
      const base = server.config.base;
      server.middlewares.use(async (req, res, next) => {
        const url = req.url?.split("?")[0];
        if (url !== base && url !== `${base}index.html`) return next();
        const html = await server.transformIndexHtml(url, remoteIndexHtml(name));
        res.setHeader("Content-Type", "text/html");
        res.end(html);
      });
    },
  };
}
