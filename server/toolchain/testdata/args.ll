; Prints how many arguments follow the program name, then each one in
; brackets (so empty ones show), copied through the heap the way the runtime
; will; exits with the argument count to exercise a non-zero return.

@count_label = private constant [6 x i8] c"args: "
@open = private constant [1 x i8] c"["
@close = private constant [2 x i8] c"]\0A"

declare i64 @pith_sys_write(i32 signext, ptr, i64)
declare i32 @pith_sys_argc()
declare i64 @pith_sys_arg_len(i32 signext)
declare void @pith_sys_arg_copy(i32 signext, ptr)
declare ptr @pith_sys_heap_base()
declare i32 @pith_sys_heap_grow(i32 signext)

; Writes a non-negative number in decimal followed by a newline.
define void @put_line_u32(i32 %value) {
entry:
  %buf = alloca [11 x i8]
  %nl = getelementptr inbounds [11 x i8], ptr %buf, i64 0, i64 10
  store i8 10, ptr %nl
  br label %digit

digit:
  %pos = phi i64 [ 10, %entry ], [ %prev, %digit ]
  %rest = phi i32 [ %value, %entry ], [ %quot, %digit ]
  %prev = sub i64 %pos, 1
  %quot = udiv i32 %rest, 10
  %rem = urem i32 %rest, 10
  %rem8 = trunc i32 %rem to i8
  %ch = add i8 %rem8, 48
  %slot = getelementptr inbounds [11 x i8], ptr %buf, i64 0, i64 %prev
  store i8 %ch, ptr %slot
  %more = icmp ne i32 %quot, 0
  br i1 %more, label %digit, label %emit

emit:
  %start = getelementptr inbounds [11 x i8], ptr %buf, i64 0, i64 %prev
  %len = sub i64 11, %prev
  call i64 @pith_sys_write(i32 signext 1, ptr %start, i64 %len)
  ret void
}

define i32 @pith_main() {
entry:
  %argc = call i32 @pith_sys_argc()
  %count = sub i32 %argc, 1
  call i64 @pith_sys_write(i32 signext 1, ptr @count_label, i64 6)
  call void @put_line_u32(i32 %count)
  %base = call ptr @pith_sys_heap_base()
  %grown = call i32 @pith_sys_heap_grow(i32 signext 1)
  br label %next

next:
  %i = phi i32 [ 1, %entry ], [ %i1, %print ]
  %more = icmp slt i32 %i, %argc
  br i1 %more, label %print, label %done

print:
  %len = call i64 @pith_sys_arg_len(i32 signext %i)
  call void @pith_sys_arg_copy(i32 signext %i, ptr %base)
  call i64 @pith_sys_write(i32 signext 1, ptr @open, i64 1)
  call i64 @pith_sys_write(i32 signext 1, ptr %base, i64 %len)
  call i64 @pith_sys_write(i32 signext 1, ptr @close, i64 2)
  %i1 = add i32 %i, 1
  br label %next

done:
  ret i32 %count
}
