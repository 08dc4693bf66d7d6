// A uPlot chart in a React component: built when the options or data change,
// resized with its container, destroyed on unmount. `onReady` hands out the
// instance (for zoom controls and tests).
import { useEffect, useRef } from "react";
import uPlot from "uplot";

export interface UPlotProps {
  options: Omit<uPlot.Options, "width">;
  data: uPlot.AlignedData;
  /** Called with the chart and how long building and drawing it took, in ms. */
  onReady?: (chart: uPlot, buildMs: number) => void;
  testId?: string;
}

export function UPlot({ options, data, onReady, testId }: UPlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;

  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const started = performance.now();
    const chart = new uPlot({ ...options, width: Math.max(300, el.clientWidth) } as uPlot.Options, data, el);
    ready.current?.(chart, performance.now() - started);
    const observer = new ResizeObserver(() => {
      const width = Math.max(300, el.clientWidth);
      if (width !== chart.width) chart.setSize({ width, height: options.height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data]);

  return <div ref={box} className="chart" data-testid={testId} />;
}
