package monty

import (
	"context"
	"reflect"
	"testing"
	"time"
)

const gatherProgram = "import asyncio\nasync def main():\n    return await asyncio.gather(fetch('a'), fetch('b'))\nasyncio.run(main())"

func TestResumeWaitStepByStep(t *testing.T) {
	ctx := context.Background()
	ex, err := testRunner.Start(ctx, gatherProgram, nil, WithExternalFunc(nil, AsyncFunc("fetch", "url")))
	if err != nil {
		t.Fatal(err)
	}
	if ex.Kind != "wait" || len(ex.Calls) != 2 || ex.Calls[0].Args["url"] != "a" {
		t.Fatalf("%+v", ex)
	}
	a, b := ex.Calls[0].ID, ex.Calls[1].ID
	if _, err := ex.Resume(1); err == nil {
		t.Fatal("Resume on a wait")
	}
	ex, err = ex.ResumeWait([]Result{{ID: b, Value: "B"}}, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Kind != "wait" || len(ex.Calls) != 0 {
		t.Fatalf("second wait: %+v", ex)
	}
	ex, err = ex.ResumeWait([]Result{{ID: a, Value: "A"}}, time.Millisecond)
	if err != nil || !ex.Done || !reflect.DeepEqual(ex.Value, []any{"A", "B"}) {
		t.Fatalf("%+v %v", ex, err)
	}
}

func TestSnapshotMidWait(t *testing.T) {
	ctx := context.Background()
	ex, err := testRunner.Start(ctx, gatherProgram, nil, WithExternalFunc(nil, AsyncFunc("fetch", "url")))
	if err != nil {
		t.Fatal(err)
	}
	snap := ex.Snapshot()
	ex.Close()
	ex, err = testRunner.Restore(ctx, snap, WithExternalFunc(func(ctx context.Context, c *FunctionCall) (any, error) {
		return c.Args["url"].(string) + "!", nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("restored: kind %s, %d calls", ex.Kind, len(ex.Calls))
	v, err := ex.Continue()
	if err != nil || !reflect.DeepEqual(v, []any{"a!", "b!"}) {
		t.Fatalf("%v %v", v, err)
	}
}
