// The expected band per numeric column along the ring, for the metric
// chart: asked of the backend with `detect_only?expected=1` for the newest
// point first (a backend that answers without `expected` costs two small
// requests and draws no band), then for about BAND_SAMPLES points spread over the
// ring. Scoring without storing changes nothing in the model.
import { useEffect, useState } from "react";
import type { AnomalyBackend } from "./api";
import { type BandSeries, type Expectation, expectations } from "./charts/expectedBand";

const BAND_SAMPLES = 120;

export function useExpectedBands(backend: AnomalyBackend, model: string, points: number): BandSeries | null {
  const [bands, setBands] = useState<BandSeries | null>(null);
  useEffect(() => {
    let live = true;
    setBands(null);
    if (points === 0) return;
    (async () => {
      // The probe needs only the newest point; the whole ring is fetched only when there is a band to draw.
      const [newest] = await backend.data(model, 1);
      if (newest === undefined) return;
      const probe = expectations(await backend.detectOnly(model, newest, { expected: true }));
      if (probe === null || !live) return;
      const records = await backend.data(model, points);
      if (records.length !== points || !live) return;
      const step = Math.max(1, Math.floor(points / BAND_SAMPLES));
      const index: number[] = [];
      for (let i = 0; i < points; i += step) index.push(i);
      if (index[index.length - 1] !== points - 1) index.push(points - 1);
      const columns: Record<string, (Expectation | null)[]> = {};
      for (const [k, i] of index.entries()) {
        const found =
          i === points - 1 ? probe : expectations(await backend.detectOnly(model, records[i], { expected: true }));
        if (!live) return;
        for (const [name, e] of Object.entries(found ?? {})) {
          columns[name] ??= new Array(index.length).fill(null);
          columns[name][k] = e;
        }
      }
      setBands({ index, columns });
    })().catch(() => {
      // No band is drawn: the chart itself does not depend on it.
    });
    return () => {
      live = false;
    };
  }, [backend, model, points]);
  return bands;
}
