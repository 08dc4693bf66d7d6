; A panic as the runtime will do it: a line on stdout, the message on
; stderr, then pith_sys_exit(101) without returning from pith_main.

@out = private constant [13 x i8] c"before panic\0A"
@err = private constant [34 x i8] c"panic: index 7 out of bounds (3)\0A\00"

declare i64 @pith_sys_write(i32 signext, ptr, i64)
declare void @pith_sys_exit(i32 signext) noreturn

define i32 @pith_main() {
entry:
  call i64 @pith_sys_write(i32 signext 1, ptr @out, i64 13)
  call i64 @pith_sys_write(i32 signext 2, ptr @err, i64 33)
  call void @pith_sys_exit(i32 signext 101)
  unreachable
}
