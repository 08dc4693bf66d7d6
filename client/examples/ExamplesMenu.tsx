// The Examples menu: every bundled example with its one-line description,
// and first "Start over", back to the program a new visitor gets. Either puts
// what is open now into History first (useWorkspace.ts), so nothing is lost.
import { MenuButton } from "../layout/MenuButton";
import { EXAMPLES, type Example } from "./examples";

export function ExamplesMenu({
  onChoose,
  onStartOver,
}: {
  onChoose: (example: Example) => void;
  onStartOver: () => void;
}) {
  return (
    <MenuButton
      label="Examples"
      testId="examples-menu"
      items={[
        {
          key: "start-over",
          label: "Start over",
          description: "The welcome program again; yours goes to History",
          testId: "start-over",
          onSelect: onStartOver,
        },
        ...EXAMPLES.map((example) => ({
          key: example.name,
          label: example.name,
          description: example.description,
          testId: `example-${example.name}`,
          onSelect: () => onChoose(example),
        })),
      ]}
    />
  );
}
