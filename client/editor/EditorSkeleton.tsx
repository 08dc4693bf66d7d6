// What the editor pane shows while Monaco loads: the program itself, in the
// editor's font and gutter, so the page reads at once and nothing jumps when
// the real editor takes its place.
export function EditorSkeleton({ source }: { source?: string }) {
  const lines = (source ?? "").split("\n");
  return (
    <div className="editor-skeleton" role="status" aria-busy="true" aria-label="Loading the editor">
      <pre>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their number
          <div key={i}>
            <span className="gutter">{i + 1}</span>
            {line}
          </div>
        ))}
      </pre>
    </div>
  );
}
