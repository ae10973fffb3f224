package monty

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// splitCells splits a session case before each line starting with "# %%".
func splitCells(src string) []string {
	cells := []string{""}
	for _, line := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(line, "# %%") {
			cells = append(cells, "")
			continue
		}
		cells[len(cells)-1] += line
	}
	return cells
}

// TestSessionCases runs every tests/cases/session__*.py through Session:
// cell N fed as cellN.py with the tools of tests/tools.py, in one session
// and with a Snapshot + RestoreSession between every two cells.
func TestSessionCases(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "tests", "cases")
	names, _ := filepath.Glob(filepath.Join(dir, "session__*.py"))
	sort.Strings(names)
	if len(names) < 4 {
		t.Fatalf("found %d session__ cases in %s", len(names), dir)
	}
	for _, path := range names {
		for _, restoring := range []bool{false, true} {
			name := strings.TrimSuffix(filepath.Base(path), ".py")
			if restoring {
				name += "/restored"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				want := readExpected(t, strings.TrimSuffix(path, ".py")+".expected")
				got := runSessionCase(t, string(src), startToolServer(t), restoring)
				if got != want {
					t.Errorf("--- got (exit %d)\n%s\n%s\n--- want (exit %d)\n%s\n%s",
						got.exit, got.stdout, got.stderr, want.exit, want.stdout, want.stderr)
				}
			})
		}
	}
}

func runSessionCase(t *testing.T, src string, server *toolServer, restoring bool) expected {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out outputs
	opts := []ExecuteOption{
		WithOrderedDicts(),
		WithWaitAll(),
		WithPrintFunc(out.print),
		WithExternalFunc(server.Handle, server.Funcs...),
	}
	s, err := testRunner.NewSession(ctx, opts...)
	if err != nil {
		t.Fatal(err)
	}
	got := expected{}
	for i, cell := range splitCells(src) {
		if restoring && i > 0 {
			snap, err := s.Snapshot()
			if err != nil {
				t.Fatalf("snapshot before cell %d: %v", i+1, err)
			}
			s.Close()
			var ex *Execution
			s, ex, err = testRunner.RestoreSession(ctx, snap, opts...)
			if err != nil || ex != nil {
				t.Fatalf("restore before cell %d: %v %v", i+1, ex, err)
			}
		}
		ex, err := s.FeedExecution(ctx, cell, nil, WithFilename(fmt.Sprintf("cell%d.py", i+1)))
		var me *MontyError
		switch {
		case err == nil:
			if ex.Value != nil && ex.Repr != "" {
				out.stdout.WriteString(ex.Repr + "\n")
			}
		case errors.As(err, &me):
			got.exit = 1
			out.stderr.WriteString(strings.TrimRight(me.Traceback, "\n") + "\n")
		default:
			t.Fatalf("cell %d: %v", i+1, err)
		}
	}
	s.Close()
	got.stdout, got.stderr = out.stdout.String(), out.stderr.String()
	return got
}

func add(ctx context.Context, c *FunctionCall) (any, error) {
	switch c.Name {
	case "add":
		return c.Args["a"].(int64) + c.Args["b"].(int64), nil
	case "mul":
		return c.Args["a"].(int64) * c.Args["b"].(int64), nil
	}
	return c.Positional[0], nil
}

func TestSessionStateKept(t *testing.T) {
	ctx := context.Background()
	s, err := testRunner.NewSession(ctx, WithExternalFunc(add, Func("add", "a", "b")))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.Feed(ctx, "import math\nx = add(1, 2)\ndef sq(n):\n    return n * n", nil); err != nil || v != nil {
		t.Fatalf("cell 1: %v %v", v, err)
	}
	if v, err := s.Feed(ctx, "sq(x) + n", map[string]any{"n": 10}); err != nil || v != int64(19) {
		t.Fatalf("cell 2: %v %v", v, err)
	}
	// a cell's functions join the session's
	if v, err := s.Feed(ctx, "n + mul(x, 2)", nil, WithExternalFunc(add, Func("mul", "a", "b"))); err != nil || v != int64(16) {
		t.Fatalf("cell 3: %v %v", v, err)
	}
	if v, err := s.Feed(ctx, "add(mul(2, 2), math.floor(2.5))", nil); err != nil || v != int64(6) {
		t.Fatalf("cell 4: %v %v", v, err)
	}
	if s.Cells() != 4 || s.State() != "idle" {
		t.Fatalf("%v", s)
	}
}

func TestSessionExceptionKeepsIt(t *testing.T) {
	ctx := context.Background()
	s, _ := testRunner.NewSession(ctx)
	defer s.Close()
	if _, err := s.Feed(ctx, "done = []", nil); err != nil {
		t.Fatal(err)
	}
	_, err := s.Feed(ctx, "done.append(1)\n{}['k']\ndone.append(2)", nil, WithFilename("cell2.py"))
	var me *MontyError
	if !errors.As(err, &me) || me.Type != "KeyError" || !strings.Contains(me.Traceback, `File "cell2.py", line 2`) {
		t.Fatalf("got %v", err)
	}
	if _, err := s.Feed(ctx, "def f(:\n    pass", nil); !errors.As(err, &me) || me.Type != "SyntaxError" {
		t.Fatalf("got %v", err)
	}
	v, err := s.Feed(ctx, "done", nil)
	if err != nil || len(v.([]any)) != 1 {
		t.Fatalf("got %v %v", v, err)
	}
}

func TestSessionLimitEndsIt(t *testing.T) {
	ctx := context.Background()
	s, _ := testRunner.NewSession(ctx, WithLimits(Limits{MaxInstructions: 100_000}))
	defer s.Close()
	if _, err := s.Feed(ctx, "x = 0", nil); err != nil {
		t.Fatal(err)
	}
	// per-cell limits: each cell (60-80k instructions) gets the whole budget afresh
	for i := 0; i < 3; i++ {
		if _, err := s.Feed(ctx, "for i in range(10000):\n    x += 1", nil); err != nil {
			t.Fatalf("cell %d: %v", i, err)
		}
	}
	var le *LimitError
	if _, err := s.Feed(ctx, "while True:\n    x += 1", nil); !errors.As(err, &le) {
		t.Fatalf("want a limit, got %v", err)
	}
	if s.State() != "lost" {
		t.Fatalf("state %s", s.State())
	}
	_, err := s.Feed(ctx, "x", nil)
	var sl *SessionLostError
	if !errors.As(err, &sl) || !strings.Contains(err.Error(), "the session is over: a cell hit a limit (instruction limit exceeded") {
		t.Fatalf("got %v", err)
	}
	if _, err := s.Snapshot(); !errors.As(err, &sl) {
		t.Fatalf("snapshot: %v", err)
	}
}

func TestSessionCallLimitPerCell(t *testing.T) {
	ctx := context.Background()
	s, _ := testRunner.NewSession(ctx, WithExternalFunc(add, Func("add", "a", "b")), WithLimits(Limits{MaxSuspensions: 3}))
	defer s.Close()
	for i := 0; i < 3; i++ {
		if _, err := s.Feed(ctx, "add(1, 2) + add(3, 4) + add(5, 6)", nil); err != nil {
			t.Fatalf("cell %d: %v", i, err)
		}
	}
}

func TestSessionSnapshotBetweenCells(t *testing.T) {
	ctx := context.Background()
	opts := []ExecuteOption{WithExternalFunc(add, Func("add", "a", "b"))}
	s, _ := testRunner.NewSession(ctx, opts...)
	defer s.Close()
	if _, err := s.Snapshot(); err == nil {
		t.Fatal("a snapshot of an empty session")
	}
	if _, err := s.Feed(ctx, "class P:\n    def __init__(self, v):\n        self.v = v\np = P(add(20, 1))", nil); err != nil {
		t.Fatal(err)
	}
	snap, err := s.Snapshot()
	if err != nil || len(snap) == 0 {
		t.Fatal(err)
	}
	if _, err := s.Feed(ctx, "p.v = 0", nil); err != nil {
		t.Fatal(err)
	}
	u, ex, err := testRunner.RestoreSession(ctx, snap, opts...)
	if err != nil || ex != nil {
		t.Fatal(ex, err)
	}
	defer u.Close()
	if v, err := u.Feed(ctx, "add(p.v, 1)", nil); err != nil || v != int64(22) {
		t.Fatalf("%v %v", v, err)
	}
	if v, err := s.Feed(ctx, "p.v", nil); err != nil || v != int64(0) {
		t.Fatalf("%v %v", v, err)
	}
	if _, err := testRunner.Restore(ctx, snap); err == nil || !strings.Contains(err.Error(), "RestoreSession") {
		t.Fatalf("Restore of a session snapshot: %v", err)
	}
}

func TestSessionPausedCellSnapshot(t *testing.T) {
	ctx := context.Background()
	s, _ := testRunner.NewSession(ctx, WithExternalFunc(nil, Func("fetch", "k")))
	defer s.Close()
	if _, err := s.Feed(ctx, "base = 100", nil); err != nil {
		t.Fatal(err)
	}
	ex, err := s.Start(ctx, "got = fetch('a')\nbase + got", nil)
	if err != nil || ex.Done || ex.Name != "fetch" {
		t.Fatal(ex, err)
	}
	if _, err := s.Feed(ctx, "1", nil); err == nil || !strings.Contains(err.Error(), "still paused") {
		t.Fatalf("feed while paused: %v", err)
	}
	snap, err := ex.SnapshotBytes()
	if err != nil {
		t.Fatal(err)
	}
	u, paused, err := testRunner.RestoreSession(ctx, snap)
	if err != nil || paused == nil || paused.Name != "fetch" {
		t.Fatal(paused, err)
	}
	defer u.Close()
	if u.State() != "busy" {
		t.Fatal(u.State())
	}
	done, err := paused.Resume(int64(5))
	if err != nil || !done.Done || done.Value != int64(105) {
		t.Fatal(done, err)
	}
	if u.State() != "idle" {
		t.Fatal(u.State())
	}
	if v, err := u.Feed(ctx, "got * 2", nil); err != nil || v != int64(10) {
		t.Fatal(v, err)
	}
	// the original session, resumed too
	if done, err := ex.Resume(int64(1)); err != nil || done.Value != int64(101) {
		t.Fatal(done, err)
	}
	if v, err := s.Feed(ctx, "got", nil); err != nil || v != int64(1) {
		t.Fatal(v, err)
	}
}

func TestSessionClose(t *testing.T) {
	ctx := context.Background()
	s, _ := testRunner.NewSession(ctx, WithExternalFunc(nil, Func("fetch")))
	if _, err := s.Feed(ctx, "x = 1", nil); err != nil {
		t.Fatal(err)
	}
	// closing a paused cell's execution loses the session
	ex, err := s.Start(ctx, "fetch()", nil)
	if err != nil {
		t.Fatal(err)
	}
	ex.Close()
	if _, err := s.Feed(ctx, "x", nil); err == nil || !strings.Contains(err.Error(), "the session is over") {
		t.Fatalf("after closing a paused cell: %v", err)
	}
	s.Close()
	s.Close()
	if _, err := s.Feed(ctx, "x", nil); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("after Close: %v", err)
	}
}
