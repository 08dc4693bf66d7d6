; Hello world against the Pith shim ABI (lang/runtime/native/ABI.md).
; Portable: no target triple or datalayout; clang supplies them.

@message = private constant [14 x i8] c"Hello, Pith!\0A\00"

declare i64 @pith_sys_write(i32 signext, ptr, i64)

define i32 @pith_main() {
entry:
  %written = call i64 @pith_sys_write(i32 signext 1, ptr @message, i64 13)
  %ok = icmp eq i64 %written, 13
  %code = select i1 %ok, i32 0, i32 1
  ret i32 %code
}
