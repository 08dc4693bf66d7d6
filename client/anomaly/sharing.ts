// Moving a model between this browser and the server through the export /
// import bundle. A name that already exists on the other side is reported
// as a collision unless the caller asked to replace it.
import type { AnomalyBackend } from "./api";

export type ShareOutcome = { kind: "copied"; message: string } | { kind: "collision"; message: string };

export async function copyModel(
  from: AnomalyBackend,
  to: AnomalyBackend,
  model: string,
  targetName: string,
  replace: boolean,
): Promise<ShareOutcome> {
  if (!replace) {
    const existing = await to.listModels();
    if (targetName in existing.models) {
      return {
        kind: "collision",
        message: `A model named ${targetName} already exists on ${to.label}: replace it, or choose another name.`,
      };
    }
  }
  const bundle = await from.exportModel(model);
  await to.importModel(targetName, bundle);
  return { kind: "copied", message: `Copied ${model} from ${from.label} to ${to.label} as ${targetName}.` };
}
