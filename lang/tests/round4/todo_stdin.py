# Reference: the same commands over a Python list of dicts.
import sys

tasks, next_id = [], 1
for no, raw in enumerate(sys.stdin.read().splitlines(), 1):
    line = raw.strip()
    if not line or line.startswith("#"):
        continue
    words = line.split()
    cmd, rest = words[0], line[len(words[0]):].strip()
    err = msg = None
    if cmd == "add":
        if not rest:
            err = "add needs a title"
        else:
            tasks.append({"id": next_id, "title": rest, "done": False})
            msg = f"added #{next_id}"
            next_id += 1
    elif cmd in ("done", "undo", "remove"):
        if len(words) != 2:
            err = f"{cmd} needs one task number"
        elif not words[1].lstrip("-").isdigit():
            err = f"'{words[1]}' is not a task number"
        else:
            tid = int(words[1])
            match = [t for t in tasks if t["id"] == tid]
            if not match:
                err = f"no task #{tid}"
            elif cmd == "remove":
                tasks = [t for t in tasks if t["id"] != tid]
                msg = f"removed #{tid}"
            else:
                match[0]["done"] = cmd == "done"
                msg = f"#{tid} {cmd}"
    elif cmd == "list":
        for t in tasks:
            print(f"  [{'x' if t['done'] else ' '}] #{t['id']} {t['title']}")
        msg = f"{sum(not t['done'] for t in tasks)} open of {len(tasks)}"
    else:
        err = f"unknown command '{cmd}'"
    print(msg if err is None else f"line {no}: {err}")
