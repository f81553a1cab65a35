/**
 * Content adapters (issue 16): Markdown rendering with marked, sanitised with sanitize-html (an
 * allow-list: no script, no event handler, no javascript: URL survives), and image thumbnails
 * with sharp (WebP, EXIF orientation applied, metadata stripped).
 */
import { ImageProcessor, MarkdownRenderer } from "@closr/core/content";
import { Effect, Layer, Option } from "effect";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import sharp from "sharp";

const marked = new Marked({ gfm: true, breaks: false, async: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "iframe"),
    "img",
    "h1",
    "h2",
    "del",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
  },
};

/** Markdown → sanitised HTML. */
export const renderMarkdown = (markdown: string): string =>
  sanitizeHtml(marked.parse(markdown, { async: false }) as string, allowed);

/** Any HTML → sanitised HTML (the same allow-list). */
export const sanitize = (html: string): string => sanitizeHtml(html, allowed);

export const MarkdownRendererLive = Layer.succeed(MarkdownRenderer, { render: renderMarkdown });

export const ImageProcessorSharp = Layer.succeed(ImageProcessor, {
  thumbnail: (bytes, width) =>
    Effect.promise(async () => {
      try {
        const image = sharp(bytes, { failOn: "error", limitInputPixels: 40_000_000 });
        const meta = await image.metadata();
        const out = await image
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        return Option.some({
          bytes: new Uint8Array(out),
          contentType: "image/webp",
          width: meta.width ?? 0,
          height: meta.height ?? 0,
        });
      } catch {
        return Option.none();
      }
    }),
});
