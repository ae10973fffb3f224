# A dotted import below a module that is not a package names that module.
try:
    import a.b
except ModuleNotFoundError as exc:
    print('import a.b', '->', exc)
try:
    import os.nothing
except ModuleNotFoundError as exc:
    print('import os.nothing', '->', exc)
try:
    import os.nothing.more
except ModuleNotFoundError as exc:
    print('import os.nothing.more', '->', exc)
try:
    import math.pi
except ModuleNotFoundError as exc:
    print('import math.pi', '->', exc)
try:
    import os.path.join
except ModuleNotFoundError as exc:
    print('import os.path.join', '->', exc)
try:
    from os.getcwd import x
except ModuleNotFoundError as exc:
    print('from os.getcwd import x', '->', exc)
try:
    from math.x import y
except ModuleNotFoundError as exc:
    print('from math.x import y', '->', exc)
try:
    import json.nothing
except ModuleNotFoundError as exc:
    print('import json.nothing', '->', exc)
try:
    import collections.nothing
except ModuleNotFoundError as exc:
    print('import collections.nothing', '->', exc)
