export const COMPILER_VERSION = "0.1.0";
