; Float remainder and rounding, which LLVM lowers to calls (fmod; floor,
; ceil, trunc, round on baseline x86-64) that the shim provides. The inputs
; live in a mutable external global so -O2 cannot fold the calls away.
; Each result is printed as trunc(result * 1e6).
;
; Expected output:
;   fmod: 1000000 153218 999 1500000 -1500000 250000
;   round: -3000000 -2000000 -2000000 3000000 -3000000 0

@pith_test_inputs = global [12 x double] [
  double 1.0e300, double 7.0, double 1.0e300, double 0.3, double 123456789.123, double 0.001,
  double 7.5, double 2.0, double -7.5, double 2.0, double 5.25, double -0.5 ]
@pith_test_round_input = global [2 x double] [ double -2.5, double -2.7 ]

@fmod_label = private constant [5 x i8] c"fmod:"
@round_label = private constant [6 x i8] c"round:"
@space = private constant [1 x i8] c" "
@newline = private constant [1 x i8] c"\0A"

declare i64 @pith_sys_write(i32 signext, ptr, i64)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)

; Writes " " and trunc(%value * 1e6) in decimal.
define internal void @put_scaled(double %value) {
entry:
  %buf = alloca [24 x i8]
  call i64 @pith_sys_write(i32 signext 1, ptr @space, i64 1)
  %scaled = fmul double %value, 1.0e6
  %n = fptosi double %scaled to i64
  %negative = icmp slt i64 %n, 0
  %neg = sub i64 0, %n
  %magnitude = select i1 %negative, i64 %neg, i64 %n
  br label %digit

digit:
  %pos = phi i64 [ 24, %entry ], [ %prev, %digit ]
  %rest = phi i64 [ %magnitude, %entry ], [ %quot, %digit ]
  %prev = sub i64 %pos, 1
  %quot = udiv i64 %rest, 10
  %rem = urem i64 %rest, 10
  %rem8 = trunc i64 %rem to i8
  %ch = add i8 %rem8, 48
  %slot = getelementptr inbounds [24 x i8], ptr %buf, i64 0, i64 %prev
  store i8 %ch, ptr %slot
  %more = icmp ne i64 %quot, 0
  br i1 %more, label %digit, label %sign

sign:
  %minus_pos = sub i64 %prev, 1
  %first = select i1 %negative, i64 %minus_pos, i64 %prev
  %minus_slot = getelementptr inbounds [24 x i8], ptr %buf, i64 0, i64 %minus_pos
  br i1 %negative, label %store_minus, label %emit

store_minus:
  store i8 45, ptr %minus_slot
  br label %emit

emit:
  %start = getelementptr inbounds [24 x i8], ptr %buf, i64 0, i64 %first
  %len = sub i64 24, %first
  call i64 @pith_sys_write(i32 signext 1, ptr %start, i64 %len)
  ret void
}

define i32 @pith_main() {
entry:
  call i64 @pith_sys_write(i32 signext 1, ptr @fmod_label, i64 5)
  br label %pair

pair:
  %i = phi i64 [ 0, %entry ], [ %i1, %pair ]
  %ai = mul i64 %i, 2
  %bi = add i64 %ai, 1
  %ap = getelementptr inbounds [12 x double], ptr @pith_test_inputs, i64 0, i64 %ai
  %bp = getelementptr inbounds [12 x double], ptr @pith_test_inputs, i64 0, i64 %bi
  %a = load double, ptr %ap
  %b = load double, ptr %bp
  %r = frem double %a, %b
  call void @put_scaled(double %r)
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, 6
  br i1 %again, label %pair, label %rounding

rounding:
  call i64 @pith_sys_write(i32 signext 1, ptr @newline, i64 1)
  call i64 @pith_sys_write(i32 signext 1, ptr @round_label, i64 6)
  %x = load double, ptr @pith_test_round_input
  %yp = getelementptr inbounds [2 x double], ptr @pith_test_round_input, i64 0, i64 1
  %y = load double, ptr %yp
  %floor = call double @llvm.floor.f64(double %x)
  call void @put_scaled(double %floor)
  %ceil = call double @llvm.ceil.f64(double %x)
  call void @put_scaled(double %ceil)
  %trunc = call double @llvm.trunc.f64(double %y)
  call void @put_scaled(double %trunc)
  %negx = fneg double %x
  %round_up = call double @llvm.round.f64(double %negx)
  call void @put_scaled(double %round_up)
  %round_down = call double @llvm.round.f64(double %x)
  call void @put_scaled(double %round_down)
  %small = fmul double %x, 0.1
  %round_zero = call double @llvm.round.f64(double %small)
  call void @put_scaled(double %round_zero)
  call i64 @pith_sys_write(i32 signext 1, ptr @newline, i64 1)
  ret i32 0
}
