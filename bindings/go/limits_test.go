package monty

import (
	"context"
	"errors"
	"testing"
	"time"
)

// afterKill checks that the runner still works after a killed run.
func afterKill(t *testing.T) {
	t.Helper()
	v, err := testRunner.Execute(context.Background(), "sum(range(10))", nil)
	if err != nil || v != int64(45) {
		t.Fatalf("the run after a killed one: %v %v", v, err)
	}
}

func TestContextDeadlineStopsLoop(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	_, err := testRunner.Execute(ctx, "while True: pass", nil)
	var le *LimitError
	if !errors.As(err, &le) || le.Kind != LimitTime || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	if took := time.Since(t0); took > 2*time.Second {
		t.Fatalf("stopped after %v", took)
	}
	afterKill(t)
}

func TestMaxDuration(t *testing.T) {
	ctx := context.Background()
	t0 := time.Now()
	_, err := testRunner.Execute(ctx, "while True: pass", nil, WithLimits(Limits{MaxDuration: 200 * time.Millisecond}))
	var le *LimitError
	if !errors.As(err, &le) || le.Kind != LimitTime {
		t.Fatalf("got %v", err)
	}
	if took := time.Since(t0); took < 150*time.Millisecond || took > 2*time.Second {
		t.Fatalf("stopped after %v", took)
	}
	afterKill(t)
	// time in host functions is not counted
	v, err := testRunner.Execute(ctx, "slow() + slow()", nil,
		WithLimits(Limits{MaxDuration: 200 * time.Millisecond}),
		WithExternalFunc(func(ctx context.Context, c *FunctionCall) (any, error) {
			time.Sleep(150 * time.Millisecond)
			return 1, nil
		}, Func("slow")))
	if err != nil || v != int64(2) {
		t.Fatalf("host time counted: %v %v", v, err)
	}
}

func TestMemoryLimit(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{
		"x = bytearray(200_000_000)",
		"x = [0] * 50_000_000",
		"l = []\nwhile True:\n    l.append('x' * 10_000)",
	} {
		_, err := testRunner.Execute(ctx, code, nil, WithLimits(Limits{MaxMemoryBytes: 32 << 20}))
		var le *LimitError
		var me *MontyError
		switch {
		case errors.As(err, &le) && le.Kind == LimitMemory:
		case errors.As(err, &me) && me.Type == "MemoryError":
		default:
			t.Errorf("%q: want a memory limit or MemoryError, got %v", code, err)
		}
		t.Logf("%q: %v", code, err)
		afterKill(t)
	}
	// a program under the cap runs
	v, err := testRunner.Execute(ctx, "len([0] * 100_000)", nil, WithLimits(Limits{MaxMemoryBytes: 32 << 20}))
	if err != nil || v != int64(100_000) {
		t.Fatalf("%v %v", v, err)
	}
}

func TestMaxInstructions(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := testRunner.Execute(ctx, "n = 0\nwhile True:\n    n += 1", nil, WithLimits(Limits{MaxInstructions: 1_000_000, MaxDuration: 3 * time.Second}))
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("got %v", err)
	}
	if le.Kind == LimitTime {
		t.Skip("SKIPPED: this monty.wasm ignores max_instructions (it ran until the time limit): the guest's budget comes with the 'Guest budget:' module")
	}
	if le.Kind != LimitInstructions {
		t.Fatalf("got %v", err)
	}
	afterKill(t)
	// a program within the budget completes
	v, err := testRunner.Execute(ctx, "sum(range(100))", nil, WithLimits(Limits{MaxInstructions: 1_000_000}))
	if err != nil || v != int64(4950) {
		t.Fatalf("%v %v", v, err)
	}
}

func TestRecursionAndSuspensions(t *testing.T) {
	ctx := context.Background()
	_, err := testRunner.Execute(ctx, "def f(n):\n    return f(n + 1)\nf(0)", nil, WithLimits(Limits{MaxRecursionDepth: 50}))
	var me *MontyError
	if !errors.As(err, &me) || me.Type != "RecursionError" {
		t.Fatalf("recursion: %v", err)
	}
	v, err := testRunner.Execute(ctx, "def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\nf(40)", nil, WithLimits(Limits{MaxRecursionDepth: 50}))
	if err != nil || v != int64(40) {
		t.Fatalf("%v %v", v, err)
	}
	_, err = testRunner.Execute(ctx, "while True: tick()", nil, WithLimits(Limits{MaxSuspensions: 5}),
		WithExternalFunc(func(ctx context.Context, c *FunctionCall) (any, error) { return nil, nil }, Func("tick")))
	var le *LimitError
	if !errors.As(err, &le) || le.Kind != LimitCalls {
		t.Fatalf("suspensions: %v", err)
	}
	afterKill(t)
}

func TestInstructionBudgetCarriesAcrossSnapshots(t *testing.T) {
	ctx := context.Background()
	code := "for i in range(3):\n    f()\nn = 0\nwhile n < 4000:\n    n += 1\nn"
	limits := WithLimits(Limits{MaxInstructions: 45_000})
	noop := WithExternalFunc(func(ctx context.Context, c *FunctionCall) (any, error) { return nil, nil }, Func("f"))
	// within the budget in one go
	if v, err := testRunner.Execute(ctx, code, nil, limits, noop); err != nil || v != int64(4000) {
		t.Fatalf("%v %v", v, err)
	}
	// burn most of the budget before the pause, then restore: the count goes on
	burn := "n = 0\nwhile n < 2000:\n    n += 1\n" + code
	ex, err := testRunner.Start(ctx, burn, nil, limits, WithExternalFunc(nil, Func("f")))
	if err != nil {
		t.Fatal(err)
	}
	snap := ex.Snapshot()
	ex.Close()
	ex, err = testRunner.Restore(ctx, snap, noop)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ex.Continue()
	var le *LimitError
	if !errors.As(err, &le) || le.Kind != LimitInstructions {
		t.Fatalf("the budget did not carry: %v", err)
	}
}
