"""Development aid: run tests/cases through the interpreter core compiled
natively (no wasm, no limits) and show the first difference of each failure.
The real runner is host/tests/cases.rs (through monty.wasm); this one is
for fast iteration. Build first:
    cargo build --release -p monty-guest --example run_native
(the binary is looked up under $CARGO_TARGET_DIR when it is set, else target/).
Usage: python3 tests/run_cases_native.py [substring ...]
"""
import subprocess, sys, os, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from regen_cases import parse_expected
HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(os.path.join(HERE, 'cases'))
target = os.environ.get('CARGO_TARGET_DIR') or os.path.join(HERE, '..', 'target')
exe = os.path.join(os.path.abspath(target), 'release', 'examples', 'run_native')
fails = []
names = sorted(glob.glob('*.py'))
# tools__ cases need the tool server: host/tests/cases.rs runs them.
names = [n for n in names if not n.startswith('tools__')]
# session__ cases run cell by cell through `monty run --session`: host/tests/cases.rs.
names = [n for n in names if not n.startswith('session__')]
# fs__ cases need a filesystem (`--memfs`): host/tests/cases.rs runs them.
names = [n for n in names if not n.startswith('fs__')]
if len(sys.argv) > 1: names = [n for n in names if any(a in n for a in sys.argv[1:])]
for f in names:
    code, out, err = parse_expected(open(f[:-3] + '.expected').read())
    try:
        p = subprocess.run([exe, f], capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        fails.append((f, 'TIMEOUT')); continue
    if p.returncode != code or p.stdout != out or p.stderr != err:
        fails.append((f, p.returncode, code, p.stdout, out, p.stderr, err))
print(len(names) - len(fails), 'passed', len(fails), 'failed')
for x in fails:
    print('=' * 20, x[0])
    if len(x) == 2: print(x[1]); continue
    _, rc, code, so, eo, se, ee = x
    if rc != code: print('exit', rc, 'expected', code)
    if so != eo:
        a, b = so.splitlines(), eo.splitlines()
        for i in range(max(len(a), len(b))):
            if i >= len(a) or i >= len(b) or a[i] != b[i]:
                print(' got:', a[i] if i < len(a) else '<EOF>'); print(' exp:', b[i] if i < len(b) else '<EOF>'); break
    if se != ee:
        print(' stderr got:', se[-400:]); print(' stderr exp:', ee[-300:])
