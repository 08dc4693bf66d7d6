// Where the README keeps its table of environment variables: the first
// Markdown table after the "### Environment variables" heading.
const HEADING = "### Environment variables";

/** The README's table of environment variables, [start, end) offsets of its lines. */
function tableSpan(readme: string): [number, number] {
  const heading = readme.indexOf(`\n${HEADING}\n`);
  if (heading < 0) throw new Error(`README has no "${HEADING}" section`);
  const start = readme.indexOf("\n|", heading) + 1;
  if (start === 0) throw new Error(`README's "${HEADING}" section has no table`);
  let end = start;
  while (readme.startsWith("|", end)) end = readme.indexOf("\n", end) + 1;
  return [start, end];
}

/** The README's table of environment variables, as written. */
export function readmeEnvironmentTable(readme: string): string {
  const [start, end] = tableSpan(readme);
  return readme.slice(start, end).trimEnd();
}

/** The README with its table of environment variables replaced. */
export function replaceEnvironmentTable(readme: string, table: string): string {
  const [start, end] = tableSpan(readme);
  return `${readme.slice(0, start)}${table}\n${readme.slice(end)}`;
}
