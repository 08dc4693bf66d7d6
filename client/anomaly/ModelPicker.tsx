// Choosing a model by name; the choice is kept in the URL (?model=).
import { useModels } from "./useModels";

export function setUrlParam(name: string, value: string | null): void {
  const url = new URL(location.href);
  if (value === null || value === "") url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(null, "", url);
}

export function ModelPicker({
  value,
  onChange,
  allowAll = false,
}: {
  value: string;
  onChange: (model: string) => void;
  allowAll?: boolean;
}) {
  const { list } = useModels();
  const names = list === null ? [] : Object.keys(list.models).sort();
  return (
    <label>
      Model{" "}
      <select
        data-testid="model-picker"
        value={value}
        onChange={(e) => {
          setUrlParam("model", e.target.value);
          onChange(e.target.value);
        }}
      >
        <option value="">{allowAll ? "all models" : "choose…"}</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
        {value !== "" && !names.includes(value) && <option value={value}>{value}</option>}
      </select>
    </label>
  );
}
