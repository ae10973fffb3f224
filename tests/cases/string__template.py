# string.Template: substitute, safe_substitute, is_valid, get_identifiers
# and subclasses with their own delimiter or patterns.
from string import Template
import string


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


t = Template("$who likes ${what}; $$5 $")
show(t.substitute, who="tim", what="kung pao")
show(t.safe_substitute, who="tim")
show(Template("$who likes $what").substitute, who="tim", what="pie")
show(Template("$who $what").substitute, {"who": 1}, what=2)
show(Template("$who").substitute, {"who": 1}, who=2)
show(Template("$who").substitute)
show(Template("$who").substitute, {})
show(Template("${who}").safe_substitute, {})
show(Template("x\ny $").substitute)
show(Template("x\ny $1").substitute)
show(Template("ab\r\ncd\rx$!").substitute)
show(Template("${a b}").substitute, a=1)
show(Template("${a b}").safe_substitute, a=1)
show(Template("$a").substitute, 5)
show(Template("$a").substitute, {"a": 1}, {"b": 2})
show(Template(5).substitute)
show(Template)
show(Template, "a", "b")
show(Template("$a").substitute, {"a": 1}, a=2, b=3)
show(Template("$a${b}c").substitute, dict(a=[1], b=None))
show(Template("$Ab_1x $\u00ff").safe_substitute, Ab_1x="ok")
show(Template("${price}USD $$ $$$x").substitute, price=9.5, x="!")
show(Template("$_ $_1 $1").safe_substitute, _="u", _1="v")
print(Template.delimiter, Template.idpattern, Template.braceidpattern)
print(Template("$a ${b} $$ $c $a").get_identifiers())
print(Template("$a $").is_valid(), Template("$a $$").is_valid(), Template("").is_valid())
t = Template("hi $name")
print(t.template, isinstance(t, Template), type(t).__name__, string.Template is Template)


class Percent(Template):
    delimiter = "%"


print(Percent("%x and $x %%").substitute(x=3))
print(Percent("%x %y").safe_substitute(x=3))


class Lower(Template):
    idpattern = "[a-z]+"


print(Lower("$ab1 $A").safe_substitute(ab="X", A="Y"))


class Braces(Template):
    braceidpattern = "[^}]+"


print(Braces("${a b} $c").substitute({"a b": 1, "c": 2}))


class Upper(Template):
    delimiter = "#"

    def __init__(self, t):
        super().__init__(t.upper())


print(Upper("#x, #{y}").substitute(X=1, Y=2))


class Dollar(Template):
    delimiter = "$$"


print(Dollar("$$a $a $$$$").substitute(a=1))
report = Template("Name: $name\nAge: ${age} years\nCost: $$$cost")
print(report.substitute(name="Ada", age=36, cost="12.50"))
try:
    report.substitute(name="Ada")
except KeyError as e:
    print("missing", e)
