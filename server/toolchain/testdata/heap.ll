; Uses the heap the way wasm code uses linear memory: i32 offsets from
; pith_sys_heap_base(), grown in 64 KiB pages. Checks memory.grow results,
; that new pages read as zero, runs a sieve in the heap, and builds its
; message there with llvm.memcpy/memset/memmove (which need the shim's or
; the libc's memcpy/memset/memmove).
;
; Expected output:
;   grow: 0 2 -1 5
;   zeroed: yes
;   primes below 300000: 25997

@grow_label = private constant [5 x i8] c"grow:"
@space = private constant [1 x i8] c" "
@newline = private constant [1 x i8] c"\0A"
@zeroed_yes = private constant [12 x i8] c"zeroed: yes\0A"
@zeroed_no = private constant [11 x i8] c"zeroed: no\0A"
@primes_label = private constant [21 x i8] c"primes below 300000: "

declare i64 @pith_sys_write(i32 signext, ptr, i64)
declare ptr @pith_sys_heap_base()
declare i32 @pith_sys_heap_grow(i32 signext)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; The address of heap offset %offset, as the compiler will lower loads/stores.
define ptr @at(i32 %offset) {
entry:
  %base = call ptr @pith_sys_heap_base()
  %wide = zext i32 %offset to i64
  %p = getelementptr inbounds i8, ptr %base, i64 %wide
  ret ptr %p
}

; Writes a signed decimal number.
define void @put_i32(i32 %value) {
entry:
  %buf = alloca [12 x i8]
  %negative = icmp slt i32 %value, 0
  %neg = sub i32 0, %value
  %magnitude = select i1 %negative, i32 %neg, i32 %value
  br label %digit

digit:
  %pos = phi i64 [ 12, %entry ], [ %prev, %digit ]
  %rest = phi i32 [ %magnitude, %entry ], [ %quot, %digit ]
  %prev = sub i64 %pos, 1
  %quot = udiv i32 %rest, 10
  %rem = urem i32 %rest, 10
  %rem8 = trunc i32 %rem to i8
  %ch = add i8 %rem8, 48
  %slot = getelementptr inbounds [12 x i8], ptr %buf, i64 0, i64 %prev
  store i8 %ch, ptr %slot
  %more = icmp ne i32 %quot, 0
  br i1 %more, label %digit, label %sign

sign:
  %minus_pos = sub i64 %prev, 1
  %first = select i1 %negative, i64 %minus_pos, i64 %prev
  %minus_slot = getelementptr inbounds [12 x i8], ptr %buf, i64 0, i64 %minus_pos
  br i1 %negative, label %store_minus, label %emit

store_minus:
  store i8 45, ptr %minus_slot
  br label %emit

emit:
  %start = getelementptr inbounds [12 x i8], ptr %buf, i64 0, i64 %first
  %len = sub i64 12, %first
  call i64 @pith_sys_write(i32 signext 1, ptr %start, i64 %len)
  ret void
}

define void @put_grow(i32 %value) {
entry:
  call i64 @pith_sys_write(i32 signext 1, ptr @space, i64 1)
  call void @put_i32(i32 %value)
  ret void
}

define i32 @pith_main() {
entry:
  %g0 = call i32 @pith_sys_heap_grow(i32 signext 2)
  %g1 = call i32 @pith_sys_heap_grow(i32 signext 3)
  %g2 = call i32 @pith_sys_heap_grow(i32 signext 70000)
  %g3 = call i32 @pith_sys_heap_grow(i32 signext 0)
  call i64 @pith_sys_write(i32 signext 1, ptr @grow_label, i64 5)
  call void @put_grow(i32 %g0)
  call void @put_grow(i32 %g1)
  call void @put_grow(i32 %g2)
  call void @put_grow(i32 %g3)
  call i64 @pith_sys_write(i32 signext 1, ptr @newline, i64 1)
  br label %scan

; OR together every byte of the five pages (327680 bytes).
scan:
  %i = phi i32 [ 0, %entry ], [ %i1, %scan ]
  %acc = phi i8 [ 0, %entry ], [ %acc1, %scan ]
  %p = call ptr @at(i32 %i)
  %byte = load i8, ptr %p
  %acc1 = or i8 %acc, %byte
  %i1 = add i32 %i, 1
  %scanning = icmp ult i32 %i1, 327680
  br i1 %scanning, label %scan, label %report_zero

report_zero:
  %clean = icmp eq i8 %acc1, 0
  br i1 %clean, label %said_yes, label %said_no

said_yes:
  call i64 @pith_sys_write(i32 signext 1, ptr @zeroed_yes, i64 12)
  br label %sieve_init

said_no:
  call i64 @pith_sys_write(i32 signext 1, ptr @zeroed_no, i64 11)
  br label %sieve_init

; flags[n] = 1 for n < 300000, then cross out 0, 1 and multiples.
sieve_init:
  %flags = call ptr @at(i32 0)
  call void @llvm.memset.p0.i64(ptr %flags, i8 1, i64 300000, i1 false)
  store i8 0, ptr %flags
  %one = call ptr @at(i32 1)
  store i8 0, ptr %one
  br label %outer

outer:
  %n = phi i32 [ 2, %sieve_init ], [ %n1, %outer_next ]
  %square = mul i32 %n, %n
  %in_range = icmp ult i32 %square, 300000
  br i1 %in_range, label %outer_body, label %count

outer_body:
  %np = call ptr @at(i32 %n)
  %is_prime = load i8, ptr %np
  %prime = icmp ne i8 %is_prime, 0
  br i1 %prime, label %cross, label %outer_next

cross:
  %m = phi i32 [ %square, %outer_body ], [ %m1, %cross ]
  %mp = call ptr @at(i32 %m)
  store i8 0, ptr %mp
  %m1 = add i32 %m, %n
  %crossing = icmp ult i32 %m1, 300000
  br i1 %crossing, label %cross, label %outer_next

outer_next:
  %n1 = add i32 %n, 1
  br label %outer

count:
  %k = phi i32 [ 0, %outer ], [ %k1, %count ]
  %total = phi i32 [ 0, %outer ], [ %total1, %count ]
  %kp = call ptr @at(i32 %k)
  %flag = load i8, ptr %kp
  %flag32 = zext i8 %flag to i32
  %total1 = add i32 %total, %flag32
  %k1 = add i32 %k, 1
  %counting = icmp ult i32 %k1, 300000
  br i1 %counting, label %count, label %message

; Assemble the label 3 bytes late, then slide it back over itself.
message:
  %late = call ptr @at(i32 310003)
  call void @llvm.memcpy.p0.p0.i64(ptr %late, ptr @primes_label, i64 21, i1 false)
  %early = call ptr @at(i32 310000)
  call void @llvm.memmove.p0.p0.i64(ptr %early, ptr %late, i64 21, i1 false)
  call i64 @pith_sys_write(i32 signext 1, ptr %early, i64 21)
  call void @put_i32(i32 %total1)
  call i64 @pith_sys_write(i32 signext 1, ptr @newline, i64 1)
  ret i32 0
}
