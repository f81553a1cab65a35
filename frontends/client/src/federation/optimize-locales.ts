/**
 * react-aria ships its built-in strings (e.g. "Dismiss", "Close", date segment names) for 34
 * locales in every bundle that uses it: about 40 KiB gzip in the shell's first load (issue 19).
 * Closr is English only (en-AU), so every build keeps the English strings alone; react-aria falls
 * back to en-US for any other browser locale. Used by the shell's and each remote's Vite config.
 */
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import type { PluginOption } from "vite";

/** The Vite plugin that resolves every non-English react-aria locale module to an empty one. */
export const reactAriaEnglishOnly = (): PluginOption => optimizeLocales.vite({ locales: ["en"] });
