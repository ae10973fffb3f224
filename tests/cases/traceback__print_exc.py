import io
import sys
import traceback


def show(text):
    # CPython underlines expressions with ^ and ~ lines; the sandbox does not
    for line in text.splitlines():
        if not line.strip() or set(line.strip()) - set("^~"):
            print(line)


def risky(n):
    if n > 2:
        raise ValueError(f"too big: {n}")
    return n


for i in range(5):
    try:
        risky(i)
    except ValueError:
        traceback.print_exc()
        print("handled", i)

try:
    risky(10)
except Exception as e:
    buf = io.StringIO()
    traceback.print_exception(e, file=buf)
    print(buf.getvalue().splitlines()[-1])
    buf = io.StringIO()
    traceback.print_exc(file=buf)
    show(buf.getvalue())
    e.add_note("while testing")
    print(traceback.format_exception_only(e))

try:
    try:
        {}["k"]
    except KeyError:
        risky(7)
except ValueError:
    out = traceback.format_exc()
    print(out.count("Traceback"), "During handling" in out)
raise SystemExit("done")
