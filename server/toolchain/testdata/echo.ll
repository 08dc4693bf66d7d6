; Copies standard input to standard output in 7-byte reads, so several reads
; and a short final read happen; exits 2 if a read or write fails.

declare i64 @pith_sys_read(i32 signext, ptr, i64)
declare i64 @pith_sys_write(i32 signext, ptr, i64)

define i32 @pith_main() {
entry:
  %buf = alloca [7 x i8]
  br label %loop

loop:
  %got = call i64 @pith_sys_read(i32 signext 0, ptr %buf, i64 7)
  %eof = icmp eq i64 %got, 0
  br i1 %eof, label %done, label %check

check:
  %failed = icmp slt i64 %got, 0
  br i1 %failed, label %error, label %copy

copy:
  %put = call i64 @pith_sys_write(i32 signext 1, ptr %buf, i64 %got)
  %short = icmp ne i64 %put, %got
  br i1 %short, label %error, label %loop

done:
  ret i32 0

error:
  ret i32 2
}
