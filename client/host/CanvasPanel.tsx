// The canvas panel: shows a std.canvas program's frames as they are
// presented, scaled crisply (image-rendering: pixelated), and feeds the
// program mouse and keyboard input in framebuffer pixels. Focusable: click
// it (or it takes focus when the canvas opens) and keys go to the program.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useSyncExternalStore } from "react";
import { keyCode } from "../../lang/runtime/host/input";
import type { HostSession } from "./hostSession";

/** DOM `buttons` (1 left, 2 right, 4 middle) as std.canvas's bits (0 left, 1 middle, 2 right). */
function canvasButtons(buttons: number): number {
  return (buttons & 1) | (buttons & 4 ? 2 : 0) | (buttons & 2 ? 4 : 0);
}

export function CanvasPanel({ session }: { session: HostSession }) {
  const info = useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.canvas,
  );
  const element = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = element.current;
    if (!info || !canvas) return;
    const context = canvas.getContext("bitmaprenderer");
    session.attach(context ? { show: (bitmap) => context.transferFromImageBitmap(bitmap) } : undefined);
    canvas.focus({ preventScroll: true });
    return () => session.attach(undefined);
  }, [info, session]);

  if (!info) return null;

  const pointer = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * info.width);
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * info.height);
    session.input?.setMouse(x, y, canvasButtons(event.buttons));
  };
  const key = (down: boolean) => (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // the page's shortcuts (Ctrl+Enter) still work
    const code = keyCode(event.key);
    if (code < 0) return;
    // Arrows and space would scroll the page; Escape would stop the program.
    event.preventDefault();
    event.stopPropagation();
    session.input?.setKey(code, down);
  };

  return (
    <div className="canvas-panel">
      <canvas
        ref={element}
        width={info.width}
        height={info.height}
        tabIndex={0}
        data-testid="program-canvas"
        aria-label={`Program canvas, ${info.width} by ${info.height} pixels; click to give it the keyboard`}
        style={{
          width: info.width * info.scale,
          maxWidth: "100%",
          aspectRatio: `${info.width} / ${info.height}`,
          imageRendering: "pixelated",
          touchAction: "none",
        }}
        onPointerMove={pointer}
        onPointerDown={(event) => {
          event.currentTarget.focus();
          event.currentTarget.setPointerCapture(event.pointerId);
          pointer(event);
        }}
        onPointerUp={pointer}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={key(true)}
        onKeyUp={key(false)}
        onBlur={() => {
          for (let k = 0; k < 256; k++) if (session.input?.keyDown(k)) session.input.setKey(k, false);
        }}
      />
    </div>
  );
}
