//! Python's scoping rules as the checker applies them: programs that bind
//! their names in every way Python allows get no diagnostic, and reads
//! that no rule binds are reported.

mod common;

use monty_check::Stubs;

fn diagnose(src: &str) -> Vec<String> {
    common::diagnose(src, &Stubs::default(), &common::environment()).expect("parses")
}

#[test]
fn every_way_of_binding_a_name_is_seen() {
    let programs = [
        // walrus in a comprehension binds the enclosing scope
        "if any((hit := x) > 2 for x in [1, 3]):\n    print(hit)\n",
        // global and nonlocal
        "def f():\n    global g\n    g = 1\nf()\nprint(g)\n",
        "def outer():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n    inc()\n    return n\nprint(outer())\n",
        // except-as, with-as, for targets, star targets, match captures
        "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    print(e)\n",
        "a, *rest = [1, 2, 3]\nprint(a, rest)\n",
        "match {'k': [1, 2]}:\n    case {'k': [first, *others]}:\n        print(first, others)\n    case {**extra}:\n        print(extra)\n",
        "match (1, 2):\n    case (x, y) if x < y:\n        print(x + y)\n",
        // imports, dotted and aliased
        "import os.path\nimport collections as c\nfrom json import dumps as d\nprint(os.path.join('a'), c.Counter(), d(1))\n",
        // class bodies see their own names; methods see globals, not class names
        "class A:\n    x = 1\n    y = x + 1\n    def m(self):\n        return self.y\nprint(A().m())\n",
        // a function reads a global bound after its definition
        "def show():\n    return later\nlater = 5\nprint(show())\n",
        // lambdas, defaults, decorators, type parameters
        "import functools\n@functools.lru_cache\ndef f(n, k=lambda v: v * 2):\n    return k(n)\nprint(f(2))\n",
        "def first[T](xs: list[T]) -> T:\n    return xs[0]\nprint(first([1]))\n",
        // dunder module names and builtins
        "print(__name__, __file__, len([1]))\n",
        // names bound dynamically turn the rule off
        "from os.path import *\nprint(join('a', 'b'))\n",
        "globals()['z'] = 1\nprint(z)\n",
        // a loop binds before a later read in the next iteration
        "def f(items):\n    for i in items:\n        if i > 1:\n            print(prev)\n        prev = i\nf([1, 2])\n",
        // a global read before its binding falls back to the builtin
        "print(max(1, 2))\nmax = None\n",
        // a comprehension's own variable, and the class-body iterable rule
        "class C:\n    xs = [1, 2]\n    ys = [x * 2 for x in xs]\nprint(C.ys)\n",
        // del and rebinding
        "x = 1\ndel x\nx = 2\nprint(x)\n",
    ];
    for p in programs {
        assert_eq!(diagnose(p), Vec::<String>::new(), "{p}");
    }
}

#[test]
fn unbound_reads_are_reported() {
    let cases = [
        ("def f():\n    return y\nprint(f())\n", "2:12 undefined-name name 'y' is not defined"),
        (
            "class A:\n    x = 1\n    def m(self):\n        return x\n",
            "4:16 undefined-name name 'x' is not defined",
        ),
        ("[v for v in range(3)]\nprint(v)\n", "2:7 undefined-name name 'v' is not defined"),
        (
            "def f():\n    print(n)\n    n = 1\n",
            "2:11 used-before-assignment cannot access local variable 'n' where it is not associated with a value",
        ),
        ("print(k)\nk = 1\n", "1:7 used-before-assignment name 'k' is not defined"),
    ];
    for (src, want) in cases {
        assert_eq!(diagnose(src), vec![want.to_string()], "{src}");
    }
}
