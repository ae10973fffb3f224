# graphlib.TopologicalSorter: static_order, the prepare/get_ready/done
# protocol, CycleError and the errors of misuse.
import graphlib
from graphlib import TopologicalSorter, CycleError


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e, e.args)


graph = {"D": ["B", "C"], "C": ["A"], "B": ["A"]}
print(list(TopologicalSorter(graph).static_order()))
ts = TopologicalSorter()
ts.add(3, 2, 1)
ts.add(1, 0)
ts.add(2, 0)
print(tuple(ts.static_order()))
deps = {"app": ["lib", "utils"], "lib": ["core"], "utils": ["core"], "core": [], "docs": []}
print(list(TopologicalSorter(deps).static_order()))
print(list(TopologicalSorter({}).static_order()), list(TopologicalSorter().static_order()))
t = TopologicalSorter()
t.add("a", "b", "b")
print(list(t.static_order()))
t = TopologicalSorter()
t.add("a")
t.add("a", "b")
print(list(t.static_order()))
t = TopologicalSorter()
t.add(node="x")
t.add((1, 2), frozenset([3]))
print(list(t.static_order()))

# the parallel protocol
ts = TopologicalSorter({"a": ["b"], "c": []})
show(ts.get_ready)
show(ts.is_active)
show(ts.done, "a")
ts.prepare()
show(ts.prepare)
show(ts.add, "x")
print(ts.is_active(), bool(ts))
ready = ts.get_ready()
print(ready)
show(ts.done, "a")
show(ts.done, "zz")
ts.done(*ready)
show(ts.done, "b")
print(ts.get_ready(), ts.is_active())
ts.done("a")
print(ts.is_active(), bool(ts), ts.get_ready())

batches = []
sorter = TopologicalSorter({"t3": ["t1", "t2"], "t4": ["t3"], "t2": ["t1"], "t5": []})
sorter.prepare()
while sorter.is_active():
    group = sorted(sorter.get_ready())
    batches.append(group)
    sorter.done(*group)
print(batches)

# cycles
for g in [{1: [2], 2: [3], 3: [1]}, {1: [1]}, {"a": "bc", "b": "a"},
          {1: [2, 3], 2: [3], 3: [4], 4: [2]}, {"x": ["y"], "y": ["z"], "z": ["x"], "w": []}]:
    show(lambda: list(TopologicalSorter(g).static_order()))
try:
    TopologicalSorter({1: [2], 2: [1]}).prepare()
except CycleError as e:
    print(type(e).__name__, e.args, str(e), isinstance(e, ValueError))
except Exception as e:
    print("wrong", e)
ts = TopologicalSorter({1: [2], 2: [1]})
show(ts.prepare)
show(ts.prepare)
lazy = TopologicalSorter({1: [1]}).static_order()
print("not raised yet")
show(list, lazy)
print(issubclass(CycleError, ValueError), CycleError.__name__, graphlib.CycleError is CycleError)

show(TopologicalSorter, 1)
show(TopologicalSorter().add)
show(TopologicalSorter().add, [1])
show(TopologicalSorter().add, 1, [2])
show(TopologicalSorter().add, 1, nope=2)
show(TopologicalSorter().get_ready, 1)
show(TopologicalSorter().done, x=1)
print(type(TopologicalSorter()).__name__, isinstance(TopologicalSorter(), TopologicalSorter))
print(TopologicalSorter)
