// The toolbar's Build menu: the local builds at once, and the Build panel for
// the optimisation level and native executables.
import { MenuButton } from "../layout/MenuButton";

export interface BuildMenuProps {
  ready: boolean;
  onLocal: (emit: "wasm" | "ll") => void;
  onPanel: () => void;
}

export function BuildMenu({ ready, onLocal, onPanel }: BuildMenuProps) {
  const needsCompiler = ready ? undefined : "Needs the compiler, which is loading";
  return (
    <MenuButton
      label="Build"
      testId="build-menu"
      items={[
        {
          key: "wasm",
          label: "Download .wasm",
          description: "Compiled here, offline.",
          disabled: !ready,
          title: needsCompiler,
          onSelect: () => onLocal("wasm"),
        },
        {
          key: "ll",
          label: "Show LLVM IR",
          description: "Opens read-only beside your files.",
          disabled: !ready,
          title: needsCompiler,
          onSelect: () => onLocal("ll"),
        },
        {
          key: "panel",
          label: "Native executables…",
          description: "The Build panel: optimisation level and builds on the server.",
          testId: "build-open-panel",
          onSelect: onPanel,
        },
      ]}
    />
  );
}
