// Highlighting for what the compiler writes, shown in the views (client/views):
// LLVM IR, the WebAssembly text format and native assembly (x86 AT&T,
// AArch64, RISC-V). Monarch grammars: a token class per kind of word, enough
// to read the text at a glance, nothing that has to parse it.
import type { languages } from "monaco-editor/editor";

const llvmIr: languages.IMonarchLanguage = {
  tokenizer: {
    root: [
      [/;.*$/, "comment"],
      [/"([^"\\]|\\.)*"/, "string"],
      [/[@%][-a-zA-Z$._0-9]+|[@%]"[^"]*"|[@%]\d+/, "variable"],
      [/![-a-zA-Z$._0-9]+|!\d+/, "annotation"],
      [/#\d+/, "annotation"],
      [/\b(i\d+|half|float|double|ptr|void|label|metadata|x86_fp80|fp128)\b/, "type"],
      [
        /\b(define|declare|ret|br|switch|call|tail|musttail|invoke|load|store|alloca|getelementptr|inbounds|phi|select|icmp|fcmp|add|sub|mul|udiv|sdiv|urem|srem|fadd|fsub|fmul|fdiv|frem|shl|lshr|ashr|and|or|xor|zext|sext|trunc|fptrunc|fpext|fptosi|fptoui|sitofp|uitofp|ptrtoint|inttoptr|bitcast|unreachable|to|nuw|nsw|exact|eq|ne|ugt|uge|ult|ule|sgt|sge|slt|sle|oeq|one|olt|ole|ogt|oge|private|internal|global|constant|align|noundef|nonnull|dereferenceable|attributes|nounwind|readonly|memory|extractvalue|insertvalue|extractelement|insertelement|shufflevector|atomicrmw|cmpxchg|fence|type|null|undef|poison|true|false|zeroinitializer)\b/,
        "keyword",
      ],
      [/-?\d+(\.\d+)?(e[-+]?\d+)?|0x[0-9A-Fa-f]+/, "number"],
      [/^[-a-zA-Z$._0-9]+:/, "tag"],
    ],
  },
};

const wat: languages.IMonarchLanguage = {
  tokenizer: {
    root: [
      [/;;.*$/, "comment"],
      [/\(;/, "comment", "@blockComment"],
      [/"([^"\\]|\\.)*"/, "string"],
      [/\$[-a-zA-Z0-9_.+*/\\^~=<>!?@#$%&|:'`]+/, "variable"],
      [/\b(i32|i64|f32|f64|v128|funcref|externref)\b/, "type"],
      [
        /\b(module|func|param|result|local|global|memory|data|table|elem|type|import|export|start|mut|offset|block|loop|if|then|else|end)\b/,
        "keyword",
      ],
      [
        /\b[a-z0-9]+\.[a-z0-9_.]+\b|\b(call|call_indirect|br|br_if|br_table|return|drop|select|unreachable|nop|local\.\w+|global\.\w+)\b/,
        "keyword.operator",
      ],
      [/-?(0x[0-9A-Fa-f_]+|\d[\d_]*(\.\d+)?(e[-+]?\d+)?)/, "number"],
    ],
    blockComment: [
      [/;\)/, "comment", "@pop"],
      [/./, "comment"],
    ],
  },
};

const asm: languages.IMonarchLanguage = {
  tokenizer: {
    root: [
      [/(#|\/\/|;).*$/, "comment"],
      [/"([^"\\]|\\.)*"/, "string"],
      [/^[.$A-Za-z_][\w.$]*:/, "tag"],
      [/^\s+\.[a-z_0-9]+/, "annotation"],
      [/%[a-z0-9]+|\b([xw]\d+|sp|lr|fp|xzr|wzr|[qdsbhv]\d+|[astx]\d+|zero|ra|gp|tp|r\d+[dwb]?)\b/, "variable"],
      [/^\s+[a-z][a-z0-9.]*/, "keyword"],
      [/\$?-?(0x[0-9A-Fa-f]+|\d+)/, "number"],
    ],
  },
};

/** The languages the views use, registered with Monaco once (monacoSetup.ts). */
export const OUTPUT_LANGUAGES: readonly { id: string; tokens: languages.IMonarchLanguage }[] = [
  { id: "llvm-ir", tokens: llvmIr },
  { id: "wat", tokens: wat },
  { id: "asm", tokens: asm },
];
