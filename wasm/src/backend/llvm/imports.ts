import { Import } from "../../ir/ir";
import { globalName } from "./names";

// The runtime talks to the outside world through wasi_snapshot_preview1
// imports. Natively each one becomes a small adapter, written here in LLVM
// IR, that reads the WASI argument structures (iovecs, out-pointers) from the
// heap and calls the per-OS shim (lang/runtime/native/core.h and the OS
// files). i32 parameters of shim calls are signext, as the C ABI of riscv64
// and Apple arm64 requires; i32 results carry no extension attribute, since
// x86-64's C ABI does not promise one and the adapters use only 32 bits.

// WASI errno values the adapters can report.
const ERRNO_BADF = "8";

/** Shim functions an adapter may call, declared once each. */
export const SHIM_DECLARES: Map<string, string> = new Map();
SHIM_DECLARES.set("write", "declare i64 @pith_sys_write(i32 signext, ptr, i64) nounwind");
SHIM_DECLARES.set("read", "declare i64 @pith_sys_read(i32 signext, ptr, i64) nounwind");
SHIM_DECLARES.set("exit", "declare void @pith_sys_exit(i32 signext) noreturn nounwind");
SHIM_DECLARES.set("argc", "declare i32 @pith_sys_argc() nounwind");
SHIM_DECLARES.set("arg_len", "declare i64 @pith_sys_arg_len(i32 signext) nounwind");
SHIM_DECLARES.set("arg_copy", "declare void @pith_sys_arg_copy(i32 signext, ptr) nounwind");
SHIM_DECLARES.set("envc", "declare i32 @pith_sys_envc() nounwind");
SHIM_DECLARES.set("env_len", "declare i64 @pith_sys_env_len(i32 signext) nounwind");
SHIM_DECLARES.set("env_copy", "declare void @pith_sys_env_copy(i32 signext, ptr) nounwind");
SHIM_DECLARES.set("clock", "declare i64 @pith_sys_clock(i32 signext) nounwind");

export class Adapter {
  constructor(public text: string, public shims: string[]) {}
}

export function adapterSymbol(imp: Import): string {
  return globalName(imp.module == "wasi_snapshot_preview1" ? "wasi." + imp.field : "import." + imp.name);
}

/**
 * fd_write / fd_read(fd, iovs, iovs_len, out): walk the iovec array (8 bytes
 * each: buffer address, length) and move each buffer through the shim. The
 * shim writes everything or fails; a short read ends the walk, as readv does.
 */
function ioAdapter(symbol: string, write: bool): Adapter {
  const call = write ? "@pith_sys_write" : "@pith_sys_read";
  const stopOnShort = write ? "" :
    "  %short = icmp ult i64 %n, %len64\n" +
    "  br i1 %short, label %done.short, label %loop\n" +
    "done.short:\n" +
    "  br label %done\n";
  const next = write ? "  br label %loop\n" : stopOnShort;
  const totalIn = write ? "[ %total.next, %step ]" : "[ %total.next, %step ]";
  const doneTotal = write ? "[ %total, %loop ]" : "[ %total, %loop ], [ %total.next, %done.short ]";
  const text =
    "define internal i32 " + symbol + "(i32 %fd, i32 %iovs, i32 %count, i32 %out) #0 {\n" +
    "entry:\n" +
    "  %heap = load ptr, ptr @pith.heap\n" +
    "  br label %loop\n" +
    "loop:\n" +
    "  %i = phi i32 [ 0, %entry ], [ %i.next, %step ]\n" +
    "  %total = phi i64 [ 0, %entry ], " + totalIn + "\n" +
    "  %more = icmp ult i32 %i, %count\n" +
    "  br i1 %more, label %body, label %done\n" +
    "body:\n" +
    "  %iov.off = shl i32 %i, 3\n" +
    "  %iov = add i32 %iovs, %iov.off\n" +
    "  %iov.64 = zext i32 %iov to i64\n" +
    "  %iov.p = getelementptr i8, ptr %heap, i64 %iov.64\n" +
    "  %buf = load i32, ptr %iov.p, align 4\n" +
    "  %len.p = getelementptr i8, ptr %iov.p, i64 4\n" +
    "  %len = load i32, ptr %len.p, align 4\n" +
    "  %buf.64 = zext i32 %buf to i64\n" +
    "  %buf.p = getelementptr i8, ptr %heap, i64 %buf.64\n" +
    "  %len64 = zext i32 %len to i64\n" +
    "  %n = call i64 " + call + "(i32 signext %fd, ptr %buf.p, i64 %len64)\n" +
    "  %failed = icmp slt i64 %n, 0\n" +
    "  br i1 %failed, label %error, label %step\n" +
    "step:\n" +
    "  %total.next = add i64 %total, %n\n" +
    "  %i.next = add i32 %i, 1\n" +
    next +
    "done:\n" +
    "  %sum = phi i64 " + doneTotal + "\n" +
    "  %sum.32 = trunc i64 %sum to i32\n" +
    "  %out.64 = zext i32 %out to i64\n" +
    "  %out.p = getelementptr i8, ptr %heap, i64 %out.64\n" +
    "  store i32 %sum.32, ptr %out.p, align 4\n" +
    "  ret i32 0\n" +
    "error:\n" +
    "  ret i32 " + ERRNO_BADF + "\n" +
    "}";
  return new Adapter(text, [write ? "write" : "read"]);
}

/**
 * args_sizes_get(argc_out, buf_size_out), and environ_sizes_get with `table`
 * "env": the count and the bytes of all strings with their NULs.
 */
function argsSizesAdapter(symbol: string, table: string): Adapter {
  const count = table == "arg" ? "@pith_sys_argc" : "@pith_sys_envc";
  const text =
    "define internal i32 " + symbol + "(i32 %argc.out, i32 %size.out) #0 {\n" +
    "entry:\n" +
    "  %heap = load ptr, ptr @pith.heap\n" +
    "  %argc = call i32 " + count + "()\n" +
    "  br label %loop\n" +
    "loop:\n" +
    "  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]\n" +
    "  %size = phi i64 [ 0, %entry ], [ %size.next, %body ]\n" +
    "  %more = icmp slt i32 %i, %argc\n" +
    "  br i1 %more, label %body, label %done\n" +
    "body:\n" +
    "  %len = call i64 @pith_sys_" + table + "_len(i32 signext %i)\n" +
    "  %len.1 = add i64 %len, 1\n" +
    "  %size.next = add i64 %size, %len.1\n" +
    "  %i.next = add i32 %i, 1\n" +
    "  br label %loop\n" +
    "done:\n" +
    "  %argc.64 = zext i32 %argc.out to i64\n" +
    "  %argc.p = getelementptr i8, ptr %heap, i64 %argc.64\n" +
    "  store i32 %argc, ptr %argc.p, align 4\n" +
    "  %size.32 = trunc i64 %size to i32\n" +
    "  %size.64 = zext i32 %size.out to i64\n" +
    "  %size.p = getelementptr i8, ptr %heap, i64 %size.64\n" +
    "  store i32 %size.32, ptr %size.p, align 4\n" +
    "  ret i32 0\n" +
    "}";
  return new Adapter(text, [table == "arg" ? "argc" : "envc", table + "_len"]);
}

/** args_get(argv, buf), and environ_get: NUL-terminated copies packed into buf, their addresses in argv. */
function argsGetAdapter(symbol: string, table: string): Adapter {
  const count = table == "arg" ? "@pith_sys_argc" : "@pith_sys_envc";
  const text =
    "define internal i32 " + symbol + "(i32 %argv, i32 %buf) #0 {\n" +
    "entry:\n" +
    "  %heap = load ptr, ptr @pith.heap\n" +
    "  %argc = call i32 " + count + "()\n" +
    "  br label %loop\n" +
    "loop:\n" +
    "  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]\n" +
    "  %at = phi i32 [ %buf, %entry ], [ %at.next, %body ]\n" +
    "  %more = icmp slt i32 %i, %argc\n" +
    "  br i1 %more, label %body, label %done\n" +
    "body:\n" +
    "  %slot.off = shl i32 %i, 2\n" +
    "  %slot = add i32 %argv, %slot.off\n" +
    "  %slot.64 = zext i32 %slot to i64\n" +
    "  %slot.p = getelementptr i8, ptr %heap, i64 %slot.64\n" +
    "  store i32 %at, ptr %slot.p, align 4\n" +
    "  %at.64 = zext i32 %at to i64\n" +
    "  %at.p = getelementptr i8, ptr %heap, i64 %at.64\n" +
    "  call void @pith_sys_" + table + "_copy(i32 signext %i, ptr %at.p)\n" +
    "  %len = call i64 @pith_sys_" + table + "_len(i32 signext %i)\n" +
    "  %nul.p = getelementptr i8, ptr %at.p, i64 %len\n" +
    "  store i8 0, ptr %nul.p\n" +
    "  %len.32 = trunc i64 %len to i32\n" +
    "  %at.1 = add i32 %at, %len.32\n" +
    "  %at.next = add i32 %at.1, 1\n" +
    "  %i.next = add i32 %i, 1\n" +
    "  br label %loop\n" +
    "done:\n" +
    "  ret i32 0\n" +
    "}";
  return new Adapter(text, [table == "arg" ? "argc" : "envc", table + "_len", table + "_copy"]);
}

/** clock_time_get(id, precision, out): nanoseconds of the wall (0) or monotonic (1) clock at out. */
function clockAdapter(symbol: string): Adapter {
  const text =
    "define internal i32 " + symbol + "(i32 %id, i64 %precision, i32 %out) #0 {\n" +
    "entry:\n" +
    "  %heap = load ptr, ptr @pith.heap\n" +
    "  %t = call i64 @pith_sys_clock(i32 signext %id)\n" +
    "  %out.64 = zext i32 %out to i64\n" +
    "  %out.p = getelementptr i8, ptr %heap, i64 %out.64\n" +
    "  store i64 %t, ptr %out.p, align 8\n" +
    "  ret i32 0\n" +
    "}";
  return new Adapter(text, ["clock"]);
}

/** The adapter for one import, or null when there is no native equivalent. */
export function adapterFor(imp: Import): Adapter | null {
  if (imp.module != "wasi_snapshot_preview1") return null;
  const symbol = adapterSymbol(imp);
  if (imp.field == "fd_write") return ioAdapter(symbol, true);
  if (imp.field == "fd_read") return ioAdapter(symbol, false);
  if (imp.field == "proc_exit") {
    return new Adapter(
      "define internal void " + symbol + "(i32 %code) #0 {\n" +
      "entry:\n" +
      "  call void @pith_sys_exit(i32 signext %code)\n" +
      "  unreachable\n" +
      "}", ["exit"]);
  }
  if (imp.field == "args_sizes_get") return argsSizesAdapter(symbol, "arg");
  if (imp.field == "args_get") return argsGetAdapter(symbol, "arg");
  if (imp.field == "environ_sizes_get") return argsSizesAdapter(symbol, "env");
  if (imp.field == "environ_get") return argsGetAdapter(symbol, "env");
  if (imp.field == "clock_time_get") return clockAdapter(symbol);
  return null;
}
