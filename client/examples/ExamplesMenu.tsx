// The Examples menu: every bundled example with its one-line description.
import { MenuButton } from "../layout/MenuButton";
import { EXAMPLES, type Example } from "./examples";

export function ExamplesMenu({ onChoose }: { onChoose: (example: Example) => void }) {
  return (
    <MenuButton
      label="Examples"
      testId="examples-menu"
      items={EXAMPLES.map((example) => ({
        key: example.name,
        label: example.name,
        description: example.description,
        testId: `example-${example.name}`,
        onSelect: () => onChoose(example),
      }))}
    />
  );
}
