package monty

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// notYet names the cases of features not in this package's API yet.
var notYet = map[string]bool{}

// TestToolsCases runs every tests/cases/tools__*.py through the public
// API, with the external functions forwarded to `python3 tests/tools.py`,
// and compares exit code, stdout and stderr with the .expected file.
func TestToolsCases(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "tests", "cases")
	names, _ := filepath.Glob(filepath.Join(dir, "tools__*.py"))
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatalf("no tools__ cases in %s", dir)
	}
	for _, path := range names {
		name := filepath.Base(path)
		if notYet[name] {
			continue
		}
		t.Run(strings.TrimSuffix(name, ".py"), func(t *testing.T) {
			t.Parallel()
			code, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := readExpected(t, strings.TrimSuffix(path, ".py")+".expected")
			got := runCase(t, string(code), name, startToolServer(t), false)
			if got.exit != want.exit {
				t.Errorf("exit: got %d, want %d\nstderr: %s", got.exit, want.exit, got.stderr)
			}
			if got.stdout != want.stdout {
				t.Errorf("stdout differs:\n--- got\n%s\n--- want\n%s", got.stdout, want.stdout)
			}
			if got.stderr != want.stderr {
				t.Errorf("stderr differs:\n--- got\n%s\n--- want\n%s", got.stderr, want.stderr)
			}
		})
	}
}

// TestToolsCasesRestored runs every tools__ case again, but saves a
// snapshot at its first pause, closes that instance and finishes the run
// from a Restore: the output must still match.
func TestToolsCasesRestored(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "tests", "cases")
	names, _ := filepath.Glob(filepath.Join(dir, "tools__*.py"))
	sort.Strings(names)
	for _, path := range names {
		name := filepath.Base(path)
		if notYet[name] {
			continue
		}
		t.Run(strings.TrimSuffix(name, ".py"), func(t *testing.T) {
			t.Parallel()
			code, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := readExpected(t, strings.TrimSuffix(path, ".py")+".expected")
			got := runCase(t, string(code), name, startToolServer(t), true)
			if got != want {
				t.Errorf("restored at the first pause:\n--- got (exit %d)\n%s\n%s\n--- want (exit %d)\n%s\n%s",
					got.exit, got.stdout, got.stderr, want.exit, want.stdout, want.stderr)
			}
		})
	}
}

func runCase(t *testing.T, code, name string, server *toolServer, restore bool) expected {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out outputs
	opts := []ExecuteOption{
		WithFilename(name),
		WithOrderedDicts(),
		WithWaitAll(),
		WithPrintFunc(out.print),
		WithExternalFunc(server.Handle, server.Funcs...),
	}
	ex, err := testRunner.Start(ctx, code, nil, opts...)
	if err == nil && restore && !ex.Done {
		snap, serr := ex.SnapshotBytes()
		if serr != nil {
			t.Fatalf("snapshot: %v", serr)
		}
		ex.Close()
		ex, err = testRunner.Restore(ctx, snap, opts[2:]...)
	}
	if err == nil {
		ex, err = ex.Finish()
	}
	got := expected{}
	var me *MontyError
	switch {
	case err == nil:
		// as `monty run`: the repr of a last expression that is not None
		if ex.Value != nil && ex.Repr != "" {
			out.stdout.WriteString(ex.Repr + "\n")
		}
	case errors.As(err, &me):
		got.exit = 1
		text := me.Traceback
		if strings.TrimSpace(text) == "" {
			text = me.Error()
		}
		out.stderr.WriteString(strings.TrimRight(text, "\n") + "\n")
	default:
		got.exit = 4
		out.stderr.WriteString(err.Error() + "\n")
	}
	got.stdout, got.stderr = out.stdout.String(), out.stderr.String()
	return got
}
