// A highlight.js language definition for Pith, enough to colour the code
// blocks of the rendered documents: keywords, literals, types and the
// prelude's functions from the compiler's own lists (wasm/src/syntax/lexicon.ts),
// comments (block comments nest), strings with {interpolation}, numbers and
// function names.
import type { HLJSApi, Language } from "highlight.js";
import {
  KEYWORDS,
  LITERAL_KEYWORDS,
  PRELUDE_FUNCTIONS,
  PRELUDE_TYPES,
  PRELUDE_VARIANTS,
  PRIMITIVE_TYPES,
  STD_TYPES,
} from "../../wasm/src/syntax/lexicon";

/** The word lists as highlight.js takes them (space-separated). */
export const PITH_KEYWORDS = {
  keyword: KEYWORDS.filter((w) => !LITERAL_KEYWORDS.includes(w) && w !== "_").join(" "),
  literal: LITERAL_KEYWORDS.join(" "),
  type: [...PRIMITIVE_TYPES, ...PRELUDE_TYPES, ...STD_TYPES].join(" "),
  built_in: [...PRELUDE_FUNCTIONS.map(([name]) => name), ...PRELUDE_VARIANTS].join(" "),
};

export function pithLanguage(hljs: HLJSApi): Language {
  const blockComment = hljs.COMMENT(/\/\*/, /\*\//, { contains: ["self"] });
  return {
    name: "Pith",
    aliases: ["pith"],
    keywords: PITH_KEYWORDS,
    contains: [
      hljs.C_LINE_COMMENT_MODE,
      blockComment,
      {
        scope: "string",
        begin: '"',
        end: '"',
        contains: [
          { scope: "char.escape", match: /\\(u\{[0-9A-Fa-f]+\}|.)/ },
          { scope: "subst", begin: /\{/, end: /\}/ },
        ],
      },
      { scope: "number", match: /\b(0x[0-9A-Fa-f_]+|0b[01_]+|\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?)\b/ },
      { scope: "title.function", match: /\b[a-z_][A-Za-z0-9_]*(?=\s*\()/ },
    ],
  };
}
