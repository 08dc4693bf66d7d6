# Reference: Python's json module decides validity; the byte where a
# recogniser stops is checked by hand for these inputs (see comments).
import json

samples = [
    ('{"a": [1, 2.5, -3e2], "b": {"c": null}}', None),
    ('[true, false, null, "x\\ny"]', None),
    ('{"a" 1}', 5),        # the ':' is missing where '1' stands
    ('[1, 2,]', 6),        # a value is missing where ']' stands
    ('01', 1),             # after the number 0, '1' is extra
    ('-0.5e+3', None),
    ('"unterminated', 13), # the text ends inside the string
    ('[[[[]]]]', None),
    ('{}', None),
    ('tru', 0),            # 'true' does not match from the start
    ('1.', 2),             # a fraction needs a digit
    ('[1] 2', 4),          # '2' is extra
]
valid = 0
for text, at in samples:
    try:
        json.loads(text)
        assert at is None
        valid += 1
        print("valid")
    except json.JSONDecodeError:
        assert at is not None
        print(f"invalid (stopped at byte {at})")
print(f"{valid} of {len(samples)} valid")
