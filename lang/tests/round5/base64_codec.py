import base64
for s in ["", "f", "fo", "foo", "foob", "fooba", "foobar", "Hello, World!", "Pith ~ 2024?", "héllo"]:
    e = base64.b64encode(s.encode()).decode()
    print(f'"{s}" -> "{e}" (ok)')
A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
for bad in ["abc", "ab!d", "a===", "SGk=", "SGV5IQ==", "=abc"]:
    if len(bad) % 4:
        print(f"{bad}: length {len(bad)} is not a multiple of 4"); continue
    # find first char that is invalid: '=' allowed only in last group's positions 2,3 and only followed by '='
    err = None; pad = 0
    for k, c in enumerate(bad):
        if c == "=" and k >= len(bad) - 2: pad += 1; continue
        if c not in A or pad: err = f"bad character '{c}' at {k}"; break
    if err: print(f"{bad}: {err}")
    else: print(f'{bad} decodes to "{base64.b64decode(bad).decode()}"')
