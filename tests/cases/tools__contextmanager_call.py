from contextlib import contextmanager, ExitStack

@contextmanager
def weather(city):
    w = get_weather(city)
    print("enter", w)
    try:
        yield w
    finally:
        print("cleanup", add(1, 2))

with weather("Paris") as w:
    print("body", add(int(w["celsius"]), 1) is not None)

with ExitStack() as st:
    st.callback(lambda: print("cb", add(3, 4)))
    x = st.enter_context(weather("Oslo"))
    print("got", x is not None)
print("done")
